import { area, dateFilter, optionsOf, searchFilter, text, type ResourceDecl } from './fields';
import { SENSITIVE_LEVEL_OPTIONS, SENSITIVE_LIMITS } from './sensitive-words';
import { LANDING_PAGE_LABEL } from '../constants';
import { TEXT } from '../messages';

/** Where the sensitive-word dictionary matched (issue 26): read only, for administrators and reviewers. */

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

export const sensitiveHits = {
  kind: 'sensitive-hits',
  label: '敏感词命中记录',
  idField: 'id',
  fields: [
    { name: 'created_at', label: '时间', type: 'datetime', readOnly: true },
    { ...text('actor', '提交人', 100), readOnly: true },
    { name: 'source', label: '内容类型', type: 'select', options: optionsOf(HIT_SOURCES), readOnly: true },
    { ...text('record_id', '记录编号', 100), readOnly: true },
    { ...text('field', '字段', 50), readOnly: true },
    { ...text('word', '敏感词', SENSITIVE_LIMITS.word), readOnly: true },
    { name: 'level', label: '级别', type: 'select', options: SENSITIVE_LEVEL_OPTIONS, readOnly: true },
    { name: 'action', label: '处理结果', type: 'select', options: optionsOf(HIT_ACTIONS), readOnly: true },
    { ...text('matched', '原文', 200), readOnly: true },
    { ...area('context', '上下文', 500), readOnly: true },
  ],
  columns: ['created_at', 'source', 'actor', 'record_id', 'field', 'word', 'matched', 'level', 'action'],
  filters: [
    searchFilter,
    { name: 'source', label: '内容类型', type: 'select', options: optionsOf(HIT_SOURCES) },
    { name: 'action', label: '处理结果', type: 'select', options: optionsOf(HIT_ACTIONS) },
    { name: 'level', label: '级别', type: 'select', options: SENSITIVE_LEVEL_OPTIONS },
    dateFilter,
  ],
  searchFields: ['word', 'matched', 'actor', 'record_id'],
  ordered: false,
  scheduled: false,
  read: ['admin', 'reviewer'],
  write: [],
  create: false,
  update: false,
  remove: false,
} as const satisfies ResourceDecl;
