import type { AnyObject } from 'yup';
import { text } from '../collections/fields';
import { SENSITIVE_LEVELS, type SensitiveLevel } from '../moderation';
import { EDITED_UNSHOWN } from './common';
import type { EntityField, EntityRecord } from './field';

/**
 * An entry of the sensitive-word dictionary (issue 26), declared once with what describes it: its
 * levels, its limits and the check of one word, which the back office's form, the import and the
 * export share. The back office's `sensitive-words` fields, the repository's columns and the
 * sensitive_words table's columns come from this list; its fields are in the order of the export's
 * and the import's tab-separated cells. The table's `normalized` (the word as the matcher sees it)
 * and `created_at` are the server's.
 */

export const SENSITIVE_LEVEL_LABEL: Record<SensitiveLevel, string> = {
  block: '禁止',
  review: '审核',
  mask: '替换',
};
export const SENSITIVE_LIMITS = {
  /** Longest word (characters). */
  word: 50,
  /** Longest replacement of a `mask` word. */
  replacement: 50,
  note: 200,
  /** Lines of one import (`POST /admin/api/sensitive-words/import`). */
  importLines: 200_000,
  /** Bytes of one import (UTF-8 text). */
  importBytes: 8 * 1024 * 1024,
  /** Refused lines listed in an import report (the count covers all). */
  importErrors: 100,
} as const;
/** `POST /admin/api/sensitive-words/import` → what happened to each line. */
export interface SensitiveImportReport {
  added: number;
  /** Already in the dictionary (the same word after normalisation): left as it is. */
  kept: number;
  refused: number;
  /** The first refused lines, with why. */
  errors: { line: number; word: string; message: string }[];
}
/** The levels as select options (the dictionary's and the hits' level). */
export const SENSITIVE_LEVEL_OPTIONS = SENSITIVE_LEVELS.map((value) => ({
  value,
  label: `${SENSITIVE_LEVEL_LABEL[value]}（${value}）`,
}));
// C0/C1 controls, line breaks, bidi overrides and zero-width characters: never part of a word.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]/;
/** Why a dictionary word is refused before normalisation (null: fine). */
export function sensitiveWordProblem(word: string): string | null {
  if (word.trim() === '') return '敏感词不能为空';
  if (word.length > SENSITIVE_LIMITS.word) return `敏感词不能超过${SENSITIVE_LIMITS.word}个字符`;
  if (CONTROL.test(word)) return '敏感词不能包含控制字符或不可见字符';
  return null;
}

/** The back office's check of an entry beyond its fields' rules (ResourceDecl.check). */
export function sensitiveWordCheck(entry: AnyObject): { field: string; message: string } | null {
  const problem = typeof entry.word === 'string' ? sensitiveWordProblem(entry.word) : null;
  if (problem) return { field: 'word', message: problem };
  return typeof entry.replacement === 'string' && CONTROL.test(entry.replacement)
    ? { field: 'replacement', message: '替换文字不能包含控制字符' }
    : null;
}

export const SENSITIVE_WORD_FIELDS = [
  {
    ...text('word', '敏感词', SENSITIVE_LIMITS.word),
    required: true,
    help: '匹配时忽略全角/半角、大小写、繁简体，以及字间的空格、标点和符号',
    ...EDITED_UNSHOWN,
  },
  {
    name: 'level',
    label: '处理方式',
    type: 'select',
    options: SENSITIVE_LEVEL_OPTIONS,
    required: true,
    default: 'block',
    help: '禁止：拒绝提交；审核：接受并交审核员查看；替换：替换后保存',
    // The back office's rules and the import's check keep it one of the levels.
    closed: true,
    ...EDITED_UNSHOWN,
  },
  {
    ...text('replacement', '替换为', SENSITIVE_LIMITS.replacement),
    help: '仅“替换”级别；留空则每个字替换为 *',
    ...EDITED_UNSHOWN,
  },
  { ...text('note', '备注', SENSITIVE_LIMITS.note), ...EDITED_UNSHOWN },
] as const satisfies readonly EntityField[];

/** A dictionary entry as the back office reads it (and the export writes it, a cell each). */
export type SensitiveWord = EntityRecord<typeof SENSITIVE_WORD_FIELDS, 'office'>;
