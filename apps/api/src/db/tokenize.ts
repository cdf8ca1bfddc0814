/**
 * Chinese-aware tokens for the search index (DESIGN.md section 6). Trigram indexes cannot answer
 * the common one- and two-character queries (华为, 存储), so text is indexed as:
 *  - `seq`: for each run of CJK characters, its overlapping bigrams in order (a one-character run
 *    stays as itself), interleaved with lower-cased Latin/digit words. A query of n >= 2 CJK
 *    characters becomes the phrase of its n-1 bigrams, which matches exactly the texts containing
 *    it as a substring.
 *  - `uni`: the distinct CJK characters, which answer one-character queries.
 * SQLite stores these in FTS5 (unicode61 splits on the spaces); PostgreSQL in a 'simple' tsvector.
 */
import { htmlTextContent } from '@portal/api-client/html-text';

const CJK_CHARS = '\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff';
const CJK = new RegExp(`[${CJK_CHARS}]`, 'u');
/** A run of CJK characters, or a run of other letters/digits. */
const TOKEN = new RegExp(`[${CJK_CHARS}]+|(?:(?![${CJK_CHARS}])[\\p{L}\\p{N}])+`, 'gu');

export interface IndexTerms {
  seq: string;
  uni: string;
}

/** Remove tags, script/style bodies and entities from HTML so bodies index their words only (linear time). */
export function htmlToText(html: string): string {
  return htmlTextContent(html, { dropRawText: true, separator: ' ' }).replace(/&[a-z#0-9]+;/gi, ' ');
}

function bigrams(run: string): string[] {
  const chars = Array.from(run);
  if (chars.length === 1) return chars;
  const out: string[] = [];
  for (let i = 0; i < chars.length - 1; i++) out.push(chars[i] + chars[i + 1]);
  return out;
}

export function indexTerms(text: string): IndexTerms {
  const seq: string[] = [];
  const uni = new Set<string>();
  for (const [token] of text.matchAll(TOKEN)) {
    if (CJK.test(token)) {
      seq.push(...bigrams(token));
      for (const ch of token) uni.add(ch);
    } else {
      seq.push(token.toLowerCase());
    }
  }
  return { seq: seq.join(' '), uni: [...uni].join(' ') };
}

/**
 * A query as index terms. Each group is one phrase (consecutive tokens); all groups must match.
 * `single` marks a group that is one CJK character, answered from the `uni` terms.
 */
export interface QueryGroup {
  tokens: string[];
  single: boolean;
}

export function queryGroups(query: string): QueryGroup[] {
  const groups: QueryGroup[] = [];
  for (const [token] of query.matchAll(TOKEN)) {
    if (CJK.test(token)) {
      const len = Array.from(token).length;
      groups.push({ tokens: bigrams(token), single: len === 1 });
    } else {
      groups.push({ tokens: [token.toLowerCase()], single: false });
    }
  }
  return groups.slice(0, 8);
}
