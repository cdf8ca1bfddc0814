import { area, optionsOf, text } from '../collections/fields';
import { LANDING_PAGE_LABEL } from '../constants';
import { TEXT } from '../messages';
import type { EntityField, EntityRecord } from './field';
import { SENSITIVE_LEVEL_OPTIONS, SENSITIVE_LIMITS } from './sensitive-word';

/**
 * Where the sensitive-word dictionary matched (issue 26): one row per word and field of a write,
 * filed by the server (plugins/moderation.ts) and read, never written, in the back office by
 * administrators and reviewers. Declared once: the back office's `sensitive-hits` fields, the
 * repository's row, the server's bounds of each text and the sensitive_hits table's columns come
 * from this list, in the order of the back office's records.
 */

/** Which kind of text a hit was found in. */
export const HIT_SOURCES = {
  'member-register': '会员注册',
  'member-profile': '会员资料',
  'column-apply': TEXT.columnApplication,
  'column-article': TEXT.columnArticle,
  'vendor-register': '厂商活动注册',
  'activity-form': LANDING_PAGE_LABEL.activity,
  complaint: '举报',
} as const;
export type HitSource = keyof typeof HIT_SOURCES;
/** What was done with the write: refused, accepted and held for a reviewer, stored masked. */
export const HIT_ACTIONS = { blocked: '已拒绝', held: '待审核', masked: '已替换' } as const;
export type HitAction = keyof typeof HIT_ACTIONS;

/** Longest kept text of each field (the server cuts what it files to these). */
export const HIT_LIMITS = { actor: 100, record_id: 100, field: 50, matched: 200, context: 500 } as const;

/** Read by the back office only; only the server writes a hit. */
const FILED = { read: ['office'] } as const;
/** A text every hit has (its column has no default). */
const REQUIRED = { required: true, ...FILED } as const;
/** A choice the server makes from its own list (closed: the row holds one of them). */
const choice = <const N extends string, const O extends readonly { value: string; label: string }[]>(
  name: N,
  label: string,
  options: O,
) => ({ name, label, type: 'select', options, required: true, closed: true, ...FILED }) as const;

export const SENSITIVE_HIT_FIELDS = [
  { name: 'created_at', label: '时间', type: 'datetime', ...FILED },
  // member:<id>, visitor:<address>, editor:<username>.
  { ...text('actor', '提交人', HIT_LIMITS.actor), ...REQUIRED },
  choice('source', '内容类型', optionsOf(HIT_SOURCES)),
  // The record written ('' when the write was refused).
  { ...text('record_id', '记录编号', HIT_LIMITS.record_id), default: '', ...FILED },
  { ...text('field', '字段', HIT_LIMITS.field), ...REQUIRED },
  { ...text('word', '敏感词', SENSITIVE_LIMITS.word), ...REQUIRED },
  choice('level', '级别', SENSITIVE_LEVEL_OPTIONS),
  choice('action', '处理结果', optionsOf(HIT_ACTIONS)),
  { ...text('matched', '原文', HIT_LIMITS.matched), ...REQUIRED },
  { ...area('context', '上下文', HIT_LIMITS.context), ...REQUIRED },
] as const satisfies readonly EntityField[];

/** A hit as the back office reads it. */
export type SensitiveHit = EntityRecord<typeof SENSITIVE_HIT_FIELDS, 'office'>;
