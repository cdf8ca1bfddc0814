import { SENSITIVE_LEVELS, type SensitiveLevel } from '../moderation';
import { ADMIN_ONLY, searchFilter, text, type FieldOption, type ResourceDecl } from './fields';

/** The sensitive-word dictionary (issue 26): its levels, limits and the check of one word. */

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
export const SENSITIVE_LEVEL_OPTIONS: readonly FieldOption[] = SENSITIVE_LEVELS.map((value) => ({
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

export const sensitiveWords = {
  kind: 'sensitive-words',
  label: '敏感词',
  idField: 'id',
  fields: [
    {
      ...text('word', '敏感词', SENSITIVE_LIMITS.word, true),
      help: '匹配时忽略全角/半角、大小写、繁简体，以及字间的空格、标点和符号',
    },
    {
      name: 'level',
      label: '处理方式',
      type: 'select',
      options: SENSITIVE_LEVEL_OPTIONS,
      required: true,
      default: 'block',
      help: '禁止：拒绝提交；审核：接受并交审核员查看；替换：替换后保存',
    },
    {
      ...text('replacement', '替换为', SENSITIVE_LIMITS.replacement),
      help: '仅“替换”级别；留空则每个字替换为 *',
    },
    text('note', '备注', SENSITIVE_LIMITS.note),
  ],
  columns: ['word', 'level', 'replacement', 'note'],
  filters: [
    searchFilter,
    { name: 'level', label: '处理方式', type: 'select', options: SENSITIVE_LEVEL_OPTIONS },
  ],
  searchFields: ['word', 'note'],
  ordered: false,
  scheduled: false,
  read: ADMIN_ONLY,
  write: ADMIN_ONLY,
  check: (r) => {
    const problem = typeof r.word === 'string' ? sensitiveWordProblem(r.word) : null;
    if (problem) return { field: 'word', message: problem };
    return typeof r.replacement === 'string' && CONTROL.test(r.replacement)
      ? { field: 'replacement', message: '替换文字不能包含控制字符' }
      : null;
  },
} as const satisfies ResourceDecl;
