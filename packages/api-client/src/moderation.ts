/**
 * The words of the sensitive-word check (issue 26) that both the back office's contract (admin.ts)
 * and its collections (collections/sensitive-*.ts) use. Its own module, below both: admin.ts
 * reading a hit's shape from a collection made an import cycle (collections read admin.ts's roles).
 */

/** The levels of a sensitive word: refuse the write, hold it for a reviewer, or store it masked. */
export const SENSITIVE_LEVELS = ['block', 'review', 'mask'] as const;
export type SensitiveLevel = (typeof SENSITIVE_LEVELS)[number];

/** One hit as the back office shows it (the review queue's highlights, the editor's warnings). */
export interface SensitiveHitView {
  field: string;
  word: string;
  level: SensitiveLevel;
  /** The text as written (before normalisation). */
  matched: string;
  /** A few characters either side, with the hit at `[before.length, before.length + matched.length)`. */
  before: string;
  after: string;
}
