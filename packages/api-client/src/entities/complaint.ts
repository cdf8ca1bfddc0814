import { area, optionsOf, text } from '../collections/fields';
import { COMPLAINT_LIMITS, COMPLAINT_REASONS, COMPLAINT_STATUS } from '../constants';
import { MSG, notTextMsg, TEXT } from '../messages';
import type { EntityField, EntityInput, EntityRecord, EntityValues } from './field';

/**
 * A reader's complaint about a page of this site (举报, issue 26; DESIGN.md section 10), declared
 * once: what the reader sends with complaint_add, what the server adds when it files it, and the
 * back office's handling (a state and a note). complaint_add's payload and rules, the repository's
 * row, the back office's `complaints` fields and the complaints table's columns come from this
 * list. Fields are in the order of complaint_add's payload, then the server's and the back office's;
 * the back office's form has its own order (collections/complaints.ts). The limits
 * stay in constants.ts (COMPLAINT_LIMITS), which the messages and the reader's form also read.
 */

const PUBLIC = ['public'] as const;
const OFFICE = ['office'] as const;
/** Sent by the reader, read by the back office. */
const SENT = { read: OFFICE, create: PUBLIC } as const;
/** Set by the server when the complaint is filed, read by the back office. */
const FILED = { read: OFFICE } as const;
/** The back office's handling. */
const HANDLED = { read: OFFICE, update: OFFICE } as const;

const REASON_OPTIONS = COMPLAINT_REASONS.map((value) => ({ value, label: value }));

export const COMPLAINT_FIELDS = [
  {
    ...text('url', TEXT.complaintPage, COMPLAINT_LIMITS.url),
    required: true,
    // Checked against the site's public origins by complaint_add itself.
    messages: { required: MSG.complaintUrlRequired, notText: notTextMsg(TEXT.complaintPage) },
    ...SENT,
  },
  // The rule's label is complaint_add's (文章必须是数字 …); the back office's is its own.
  {
    name: 'article_id',
    label: '文章',
    type: 'number',
    format: 'id',
    default: 0,
    office: { label: TEXT.articleId, help: '0：不是文章页' },
    ...SENT,
  },
  {
    name: 'reason',
    label: '举报原因',
    type: 'select',
    options: REASON_OPTIONS,
    required: true,
    closed: true,
    messages: {
      required: MSG.complaintReasonRequired,
      invalid: MSG.complaintReasonRequired,
      notText: notTextMsg('举报原因'),
    },
    ...SENT,
  },
  {
    ...area('description', '举报说明', COMPLAINT_LIMITS.description),
    required: true,
    messages: {
      required: MSG.complaintDescriptionRequired,
      tooLong: MSG.complaintDescriptionTooLong,
      notText: notTextMsg('举报说明'),
    },
    screened: true,
    ...SENT,
  },
  {
    ...text('contact', '联系方式', COMPLAINT_LIMITS.contact),
    default: '',
    messages: { tooLong: MSG.complaintContactTooLong, notText: notTextMsg('联系方式') },
    screened: true,
    ...SENT,
  },
  // The complained article's member author (a column article), so the queue can disable that member.
  {
    name: 'member_id',
    label: '作者会员编号',
    type: 'number',
    default: 0,
    help: '专栏文章的作者；0：编辑部文章',
    ...FILED,
  },
  // A `review` sensitive word was found: a reviewer should read it first.
  { name: 'held', label: '含待审核敏感词', type: 'boolean', default: false, ...FILED },
  { name: 'created_at', label: '时间', type: 'datetime', ...FILED },
  {
    name: 'status',
    label: '处理状态',
    type: 'select',
    options: optionsOf(COMPLAINT_STATUS),
    required: true,
    default: 'pending',
    ...HANDLED,
  },
  { ...area('note', '处理备注', COMPLAINT_LIMITS.note), ...HANDLED },
] as const satisfies readonly EntityField[];

/** complaint_add's payload: the page, its article if any, and what the reader says. */
export type ComplaintPayload = EntityInput<typeof COMPLAINT_FIELDS, 'create', 'public'>;
/** The same once its rules passed (the article 0 and the contact '' when left out). */
export type ComplaintValues = EntityValues<typeof COMPLAINT_FIELDS, 'create', 'public'>;
/** A complaint as the back office reads it. */
export type Complaint = EntityRecord<typeof COMPLAINT_FIELDS, 'office'>;
