/**
 * The text of an HTML fragment in one left-to-right pass (linear in its length whatever the input),
 * with no DOM, so it runs in the browser (formik) and in Node (the API, the search index).
 *
 * Regexes such as /<!--[\s\S]*?-->/g or /<[^>]*>/g restart their scan at every '<' and go back over
 * the rest of the input each time: a megabyte of '<!--' or '<' took minutes (issue 11). Here every
 * search for a closing '>' or '-->' starts where the last one ended, and a search that found nothing
 * is never repeated, so each character is looked at a bounded number of times.
 */

/** Elements whose body is code, never text a reader sees. */
const RAW_TEXT_TAGS = ['script', 'style'] as const;

export interface HtmlTextOptions {
  /** Drop the bodies of <script> and <style> (the search index); kept as text otherwise. */
  dropRawText?: boolean;
  /** What a removed tag or comment becomes ('' joins the text around it, ' ' keeps words apart). */
  separator?: string;
}

/**
 * `html` without its comments and tags. A '<' with no '>' after it is text, as is an unterminated
 * '<!--' (which ends at the next '>' like any tag), exactly as the old regexes treated them.
 */
export function htmlTextContent(html: string, options: HtmlTextOptions = {}): string {
  const separator = options.separator ?? '';
  const parts: string[] = [];
  let textStart = 0;
  let i = html.indexOf('<');
  // -1 once a search failed: no later search can succeed either.
  let nextClose = 0;
  let nextCommentEnd = 0;
  while (i !== -1 && nextClose !== -1) {
    let end = -1;
    if (html.startsWith('<!--', i) && nextCommentEnd !== -1) {
      if (nextCommentEnd <= i) nextCommentEnd = html.indexOf('-->', i + 4);
      if (nextCommentEnd !== -1) end = nextCommentEnd + 3;
    }
    if (end === -1) {
      if (nextClose <= i) nextClose = html.indexOf('>', i + 1);
      if (nextClose === -1) break;
      end = nextClose + 1;
    }
    parts.push(html.slice(textStart, i), separator);
    textStart = end;
    if (options.dropRawText) {
      const tag = rawTextTag(html, i);
      if (tag) {
        const close = indexOfIgnoreCase(html, `</${tag}`, end);
        textStart = close === -1 ? html.length : close;
      }
    }
    i = html.indexOf('<', textStart);
  }
  parts.push(html.slice(textStart));
  return parts.join('');
}

/** The raw-text element a tag at `at` opens ('script', 'style'), if any. */
function rawTextTag(html: string, at: number): string | undefined {
  return RAW_TEXT_TAGS.find((tag) => {
    const after = html.charAt(at + 1 + tag.length);
    return html.slice(at + 1, at + 1 + tag.length).toLowerCase() === tag && !/[\w-]/.test(after);
  });
}

/** indexOf for an ASCII `needle` in any letter case, without lower-casing the whole input. */
function indexOfIgnoreCase(haystack: string, needle: string, from: number): number {
  const first = needle.charAt(0);
  for (let at = haystack.indexOf(first, from); at !== -1; at = haystack.indexOf(first, at + 1)) {
    if (haystack.slice(at, at + needle.length).toLowerCase() === needle) return at;
  }
  return -1;
}
