import { FIELD_MAX } from '../constants';
import { MSG } from '../messages';
import { emailField, MOBILE_FIELD } from './common';
import type { EntityField, EntityInput } from './field';

/**
 * A vendor lead (vendor_leads, spec section 9): one phone's registration for a vendor meet, as the
 * registration dialog sends it and sales read it in the back office. The contract's
 * VendorRegistration, its rules and the table's columns come from this list. The person's fields are
 * in the order the rules check them (with abortEarly the server reports the last failing one).
 */

const OFFICE = ['office'] as const;
/** Given by the visitor in the registration dialog; read by sales in the back office. */
const REGISTERED = { read: OFFICE, create: ['public'] } as const;

export const LEAD_FIELDS = [
  // The meet is named by the call (meet_id, meetName); the server stores the meet's own name when none is sent.
  { name: 'meet_id', label: '活动编号', type: 'number', default: 0, read: OFFICE },
  { name: 'meet_name', label: '活动名称', type: 'text', max: FIELD_MAX.meetName, read: OFFICE },
  {
    name: 'name',
    label: '姓名',
    type: 'text',
    required: true,
    max: FIELD_MAX.person,
    ...REGISTERED,
    messages: { required: MSG.nameRequired, tooLong: MSG.personTooLong },
  },
  {
    ...MOBILE_FIELD,
    ...REGISTERED,
  },
  {
    ...emailField(MSG.vendorEmailInvalid),
    ...REGISTERED,
  },
  {
    name: 'company',
    label: '公司',
    type: 'text',
    required: true,
    max: FIELD_MAX.company,
    ...REGISTERED,
    messages: { required: MSG.companyRequired, tooLong: MSG.companyTooLong },
  },
  {
    name: 'position',
    label: '职位',
    type: 'text',
    required: true,
    max: FIELD_MAX.person,
    ...REGISTERED,
    messages: { required: MSG.jobRequired, tooLong: MSG.personTooLong },
  },
  {
    name: 'department',
    label: '部门',
    type: 'text',
    required: true,
    max: FIELD_MAX.person,
    ...REGISTERED,
    messages: { required: MSG.deptRequired, tooLong: MSG.personTooLong },
  },
  // JSON text [{title, answer}] of the four survey questions.
  {
    name: 'question',
    label: '问卷',
    type: 'json',
    max: FIELD_MAX.surveyJson,
    ...REGISTERED,
    messages: { tooLong: MSG.surveyTooLong },
  },
] as const satisfies readonly EntityField[];

/** vendor_register: the visitor's lead, and the meet it is for. */
export type VendorRegistration = EntityInput<typeof LEAD_FIELDS, 'create', 'public'> & {
  meetName: string;
  meet_id?: number;
};
