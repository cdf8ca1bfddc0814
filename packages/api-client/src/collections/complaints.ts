import { COMPLAINT_LIMITS, COMPLAINT_REASONS, COMPLAINT_STATUS } from '../constants';
import {
  area,
  dateFilter,
  optionsOf,
  searchFilter,
  text,
  type FieldOption,
  type ResourceDecl,
} from './fields';
import { TEXT } from '../messages';

/** Complaints (举报, issue 26): what readers sent through complaint_add, a queue to handle. */
const complaintStatusOptions = optionsOf(COMPLAINT_STATUS);
const complaintReasonOptions: readonly FieldOption[] = COMPLAINT_REASONS.map((r) => ({ value: r, label: r }));

export const complaints = {
  kind: 'complaints',
  label: '举报',
  idField: 'id',
  fields: [
    { name: 'created_at', label: '时间', type: 'datetime', readOnly: true },
    { name: 'reason', label: '举报原因', type: 'select', options: complaintReasonOptions, readOnly: true },
    { ...text('url', TEXT.complaintPage, COMPLAINT_LIMITS.url), readOnly: true },
    { name: 'article_id', label: TEXT.articleId, type: 'number', readOnly: true, help: '0：不是文章页' },
    {
      name: 'member_id',
      label: '作者会员编号',
      type: 'number',
      readOnly: true,
      help: '专栏文章的作者；0：编辑部文章',
    },
    { ...area('description', '举报说明', COMPLAINT_LIMITS.description), readOnly: true },
    { ...text('contact', '联系方式', COMPLAINT_LIMITS.contact), readOnly: true },
    {
      name: 'held',
      label: '含待审核敏感词',
      type: 'boolean',
      readOnly: true,
    },
    {
      name: 'status',
      label: '处理状态',
      type: 'select',
      options: complaintStatusOptions,
      required: true,
      default: 'pending',
    },
    area('note', '处理备注', COMPLAINT_LIMITS.note),
  ],
  columns: ['created_at', 'reason', 'url', 'description', 'status', 'note'],
  filters: [
    searchFilter,
    { name: 'status', label: '处理状态', type: 'select', options: complaintStatusOptions },
    { name: 'reason', label: '举报原因', type: 'select', options: complaintReasonOptions },
    dateFilter,
  ],
  searchFields: ['url', 'description', 'contact', 'note'],
  ordered: false,
  scheduled: false,
  read: ['admin', 'reviewer'],
  write: ['admin', 'reviewer'],
  // Complaints come from readers only; a handled one is kept (its state says what happened).
  create: false,
  remove: false,
} as const satisfies ResourceDecl;
