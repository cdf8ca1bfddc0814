import {
  EMPLOYEE_COUNT_OPTIONS,
  FIELD_MAX,
  MemberStatus,
  NO_OPTION,
  PASSWORD_MAX,
  PASSWORD_MIN,
} from '../constants';
import { MSG } from '../messages';
import { emailField, MOBILE_FIELD } from './common';
import type { EntityField, EntityInput, EntityRecord } from './field';
import { profileFields } from './form';

/**
 * A member (spec section 3): every field of the account and its profile, declared once. The
 * contract's Member and payload types, the register / login / profile rules, the members table's
 * columns, the repository's reads, the profile form and the back office's member fields all come
 * from this list; adding a profile field is one entry here plus a migration (README, "Adding a
 * member profile field"). Fields are in the order of the API's answers and of the forms.
 */

const SELF = ['self'] as const;
const SELF_AND_OFFICE = ['self', 'office'] as const;
/** Given at registration (by a visitor) and changed on the profile page by the member. */
const PROFILE = { create: ['public'], update: ['self'] } as const;

export const MEMBER_FIELDS = [
  { name: 'id', label: '会员编号', type: 'number', read: SELF },
  {
    name: 'username',
    label: '会员名',
    type: 'text',
    required: true,
    max: FIELD_MAX.username,
    read: SELF_AND_OFFICE,
    create: ['public'],
    screened: true,
    messages: { required: MSG.usernameRequired, tooLong: MSG.usernameTooLong },
    office: { label: '用户名', column: true },
  },
  {
    ...MOBILE_FIELD,
    read: SELF_AND_OFFICE,
    create: ['public'],
    // The back office gets it masked; the full number is a separate, audited read (issue 23).
    office: {
      label: '手机号（打码）',
      help: '查看完整号码：GET /admin/api/members/:id/phone（记入审计日志）',
      column: true,
    },
  },
  {
    ...emailField(MSG.emailInvalid),
    read: SELF_AND_OFFICE,
    ...PROFILE,
    autoComplete: 'email',
  },
  {
    name: 'company',
    label: '公司名称',
    type: 'text',
    max: FIELD_MAX.company,
    default: '',
    read: SELF_AND_OFFICE,
    ...PROFILE,
    screened: true,
    messages: { tooLong: MSG.companyTooLong },
    office: { label: '公司', column: true },
  },
  {
    name: 'industry',
    label: '行业',
    type: 'select',
    optionList: 'industry',
    required: true,
    default: NO_OPTION,
    read: SELF,
    ...PROFILE,
    messages: { required: MSG.industryRequired },
  },
  {
    name: 'position',
    label: '职位',
    type: 'select',
    optionList: 'position',
    required: true,
    default: NO_OPTION,
    read: SELF,
    ...PROFILE,
    messages: { required: MSG.positionRequired },
  },
  {
    name: 'department',
    label: '部门',
    type: 'select',
    optionList: 'department',
    required: true,
    default: NO_OPTION,
    read: SELF,
    ...PROFILE,
    messages: { required: MSG.departmentRequired },
  },
  {
    name: 'province',
    label: '省份',
    type: 'text',
    max: FIELD_MAX.place,
    default: '',
    read: SELF,
    ...PROFILE,
    control: 'province',
    messages: { tooLong: MSG.placeTooLong },
  },
  {
    name: 'city',
    label: '城市',
    type: 'text',
    max: FIELD_MAX.place,
    default: '',
    read: SELF,
    ...PROFILE,
    control: 'city',
    messages: { tooLong: MSG.placeTooLong },
  },
  {
    name: 'address',
    label: '详细地址',
    type: 'text',
    max: FIELD_MAX.address,
    default: '',
    read: SELF,
    ...PROFILE,
    screened: true,
    messages: { tooLong: MSG.addressTooLong },
  },
  {
    name: 'company_people',
    label: '企业规模',
    type: 'select',
    options: EMPLOYEE_COUNT_OPTIONS.map((o) => ({ value: o, label: o })),
    unit: '人',
    default: '',
    read: SELF,
    ...PROFILE,
    messages: { invalid: MSG.companyPeopleInvalid },
  },
  { name: 'status', label: '账号状态', type: 'number', default: MemberStatus.Active, read: SELF },
  {
    name: 'avatar',
    label: '头像',
    type: 'image',
    max: FIELD_MAX.avatarUrl,
    default: '',
    read: SELF,
    // Only a file this member uploaded through member_upload (or '' to remove it).
    update: SELF,
    keep: true,
  },
  {
    name: 'password',
    label: '密码',
    type: 'password',
    required: true,
    min: PASSWORD_MIN,
    max: PASSWORD_MAX,
    read: [],
    create: ['public'],
    // Stored as its hash (password_hash), never returned.
    stored: false,
    messages: { required: MSG.passwordRequired, invalid: MSG.passwordLength, tooLong: MSG.passwordLength },
  },
] as const satisfies readonly EntityField[];

/** A member as member_info answers it (the member's own record). */
export type Member = EntityRecord<typeof MEMBER_FIELDS, 'self'>;
/** member_register: what a visitor gives to become a member. */
export type MemberRegisterPayload = EntityInput<typeof MEMBER_FIELDS, 'create', 'public'>;
/** member_info_update: what a member changes (username and mobile are read only; the avatar is kept when left out). */
export type MemberUpdatePayload = EntityInput<typeof MEMBER_FIELDS, 'update', 'self'>;

/** The names of the profile: the fields registration asks for and the member changes later. */
export type ProfileName = keyof MemberRegisterPayload & keyof MemberUpdatePayload;
export type ProfileField = Extract<(typeof MEMBER_FIELDS)[number], { name: ProfileName }>;
/** The profile's fields in order (the register form and the basic-info tab draw them). */
export const MEMBER_PROFILE = profileFields(MEMBER_FIELDS) as ProfileField[];
