import { Parser } from 'htmlparser2';
import type { MaskRun } from './matcher';

/**
 * The text of stored (sanitised) article HTML for the matcher: its text nodes joined, entities
 * decoded, and where each piece came from, so that a word split by markup (测<b>试</b>) is still
 * one word and a `mask` hit can be replaced inside the HTML without touching the markup.
 */
export interface HtmlText {
  text: string;
  /** Pieces in order: text[textStart, textEnd) is the decoded form of html[rawStart, rawEnd). */
  pieces: { rawStart: number; rawEnd: number; textStart: number; textEnd: number }[];
}

export function textOfHtml(html: string): HtmlText {
  const pieces: HtmlText['pieces'] = [];
  let text = '';
  const parser: Parser = new Parser(
    {
      ontext(data) {
        pieces.push({
          rawStart: parser.startIndex,
          rawEnd: parser.endIndex + 1,
          textStart: text.length,
          textEnd: text.length + data.length,
        });
        text += data;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return { text, pieces };
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * `html` with the text runs of `runs` (offsets into `source.text`, in order, not overlapping)
 * replaced: a run's replacement goes where it starts, the rest of its text (in later pieces too)
 * is dropped. Pieces no run touches, and all markup, stay byte for byte.
 */
export function replaceHtmlRuns(html: string, source: HtmlText, runs: readonly MaskRun[]): string {
  if (runs.length === 0) return html;
  let out = '';
  let at = 0;
  let r = 0;
  for (const p of source.pieces) {
    while (r < runs.length && runs[r]!.end <= p.textStart) r++;
    if (r === runs.length) break;
    if (runs[r]!.start >= p.textEnd) continue;
    let piece = '';
    let pos = p.textStart;
    for (let k = r; k < runs.length && runs[k]!.start < p.textEnd; k++) {
      const run = runs[k]!;
      if (run.start > pos) piece += source.text.slice(pos, run.start);
      if (run.start >= p.textStart) piece += run.replacement;
      pos = Math.max(pos, Math.min(run.end, p.textEnd));
    }
    piece += source.text.slice(pos, p.textEnd);
    out += html.slice(at, p.rawStart) + escapeText(piece);
    at = p.rawEnd;
  }
  return out + html.slice(at);
}
