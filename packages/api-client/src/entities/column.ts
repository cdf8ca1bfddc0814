import { ColumnStatus } from '../constants';
import { MSG, TEXT } from '../messages';
import type { EntityField, EntityRecord } from './field';

/**
 * A member's column (专栏, spec sections 2 and 4): the application's status and the editors'
 * reason for a refusal, kept on the member's row (`members.column_status`, `column_refuse`) and
 * declared once. The contract's check_space / space_apply answers, the member repository's columns
 * and row mapping, the back office's member fields, column and filter, the refusal's limit and the
 * members table's columns come from this list. The application itself is a state change (space_apply,
 * the review queue), not a form: no party writes these fields but the back office's status select.
 */

const SELF_AND_OFFICE = ['self', 'office'] as const;

/** What the back office calls each ColumnStatus. */
const STATUS_LABEL: Record<keyof typeof ColumnStatus, string> = {
  NotApplied: '未申请',
  UnderReview: '审核中',
  Approved: '已开通',
  Rejected: '未通过',
};

/** The refusal's longest text: what an editor may write when rejecting (admin's rejectSchema). */
const REFUSAL_MAX = 500;

export const COLUMN_FIELDS = [
  {
    name: 'column_status',
    label: '专栏状态',
    type: 'select',
    // The spec's values; a rejection is -1 (the back office once wrote 3 for it, migration 024).
    options: (Object.keys(ColumnStatus) as (keyof typeof ColumnStatus)[]).map((key) => ({
      value: ColumnStatus[key],
      label: STATUS_LABEL[key],
    })),
    // Any negative value is a rejection (spec section 4): a stored value is answered as it is.
    open: true,
    default: ColumnStatus.NotApplied,
    read: SELF_AND_OFFICE,
    update: ['office'],
    office: { column: true },
  },
  // The editor's reason, for a rejected application only ('' otherwise).
  {
    name: 'column_refuse',
    label: TEXT.refusal,
    type: 'textarea',
    max: REFUSAL_MAX,
    default: '',
    read: SELF_AND_OFFICE,
  },
] as const satisfies readonly EntityField[];

/** The member's column as its row holds it. */
export type MemberColumn = EntityRecord<typeof COLUMN_FIELDS, 'self'>;

/** check_space: the column's status by the spec's name, and what the member centre says of it. */
export interface ColumnSpace {
  status: MemberColumn['column_status'];
  msg: string;
}

/** What the member centre says of each status but a rejection (which shows the editor's reason). */
const STATUS_MSG: Record<number, string> = {
  [ColumnStatus.NotApplied]: MSG.columnNotApplied,
  [ColumnStatus.UnderReview]: MSG.columnPending,
  [ColumnStatus.Approved]: MSG.columnOpened,
};

/** check_space's answer of a member's column: a rejection says why, in the editor's words when given. */
export function columnSpace(column: MemberColumn): ColumnSpace {
  const status = column.column_status;
  const msg =
    status <= ColumnStatus.Rejected ? column.column_refuse || MSG.columnRejected : (STATUS_MSG[status] ?? '');
  return { status, msg };
}
