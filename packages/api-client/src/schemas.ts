/**
 * The validation rules of spec section 5, written once: formik forms use them in the browser and the
 * API handlers use them in Node. Messages are exported (MSG) so UIs and tests import them, never copy.
 *
 * Server use: validate with `{ stripUnknown: true }` — every member call also carries stoken and
 * member_id, and fields a form may not change (username, mobile on the profile) must be dropped.
 */
import {
  array,
  boolean,
  mixed,
  number,
  object,
  string,
  type AnyObject,
  type InferType,
  type ObjectSchema,
  type ObjectShape,
} from 'yup';
import { ERROR_MESSAGES, ErrorCode } from './codes';
import {
  ARTICLE_CONTENT_MAX_BYTES,
  ARTICLE_MAX_NESTING,
  AVATAR_MAX_BYTES,
  AVATAR_TYPES,
  EMPLOYEE_COUNT_OPTIONS,
  FIELD_MAX,
  MAX_ID,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PHONE_MAX_LENGTH,
  PHONE_PATTERN,
  TITLE_MAX,
} from './constants';
import type { FormField } from './contract';
import { htmlTextContent } from './html-text';

export { FIELD_MAX } from './constants';

/** Every user-facing message of section 5 and the client messages of section 8. */
export const MSG = {
  // member register / login / reset
  usernameRequired: '请输入会员名',
  usernameTooLong: `会员名不能超过${FIELD_MAX.username}个字符`,
  mobileRequired: '手机号不能为空',
  mobileInvalid: '手机号格式不正确',
  emailRequired: '邮箱不能为空',
  emailInvalid: '请输入正确的邮箱',
  emailTooLong: `邮箱不能超过${FIELD_MAX.email}个字符`,
  industryRequired: '请选择行业',
  positionRequired: '请选择职位',
  departmentRequired: '请选择部门',
  companyTooLong: `公司名称不能超过${FIELD_MAX.company}个字符`,
  addressTooLong: `地址不能超过${FIELD_MAX.address}个字符`,
  placeTooLong: `省市名称不能超过${FIELD_MAX.place}个字符`,
  companyPeopleInvalid: '请选择正确的企业规模',
  passwordRequired: '请输入密码',
  passwordLength: `密码长度为${PASSWORD_MIN}到${PASSWORD_MAX}个字符`,
  checkPassRequired: '请再次输入密码',
  checkPassMismatch: '两次输入的密码不一致',
  /** Register: privacy statement not ticked. */
  agreement: '请阅读协议并勾选',
  codeRequired: '请输入验证码',
  newPasswordRequired: '请输入新密码',
  /** Send-code button pressed with no phone number. */
  phoneFirst: '请先输入手机号',
  // profile
  avatarType: '头像只能是 PNG、JPG 或 JPEG 格式',
  avatarSize: '上传头像图片大小不能超过 3MB',
  // column article
  titleRequired: '请输入文章标题',
  titleTooLong: `标题不能超过${TITLE_MAX}个字符`,
  contentRequired: '请输入文章内容',
  contentTooLong: `文章内容不能超过${ARTICLE_CONTENT_MAX_BYTES / 1024 / 1024}MB`,
  contentTooDeep: `文章内容的标签嵌套不能超过${ARTICLE_MAX_NESTING}层`,
  channelRequired: '请选择频道',
  categoryRequired: '请选择分类',
  isPushRequired: '请选择是否推送',
  descriptionTooLong: `描述不能超过${FIELD_MAX.description}个字符`,
  keywordTooLong: `关键词不能超过${FIELD_MAX.keyword}个字符`,
  deleteConfirm: '此操作将删除该任务，是否继续？',
  // white papers
  loginFirst: '请先登录',
  // vendor landing
  vendorMobileRequired: '请输入手机号',
  vendorMobileInvalid: '请输入正确的手机号',
  nameRequired: '姓名不能为空',
  vendorEmailInvalid: '请输入正确的邮箱地址',
  companyRequired: '公司不能为空',
  jobRequired: '职位不能为空',
  deptRequired: '部门不能为空',
  personTooLong: `内容不能超过${FIELD_MAX.person}个字符`,
  meetNameTooLong: `活动名称不能超过${FIELD_MAX.meetName}个字符`,
  surveyTooLong: `问卷内容不能超过${FIELD_MAX.surveyJson}个字符`,
  vendorAgreement: '请查看协议并勾选',
  // dynamic activity form
  formPrivacy: '请勾选授权协议',
  formTextTooLong: `内容不能超过${FIELD_MAX.formText}个字符`,
  activityClosed: ERROR_MESSAGES[ErrorCode.ActivityClosed],
  // session and lists
  sessionExpired: ERROR_MESSAGES[ErrorCode.SessionInvalid],
  bottomReached: '到底了',
  /** SMS button label after the countdown. */
  getAgain: '重新获取',
} as const;

/** Dynamic form: a required field left empty. */
export const requiredMsg = (label: string): string => `${label}不能为空`;

// ---------- helpers ----------

const ENTITIES = /&(nbsp|#160|#xa0|ensp|emsp|thinsp|zwnj|zwj|#8203|#x200b);/gi;

/**
 * True when rich-text editor HTML holds nothing a reader would see: '<p><br></p>', whitespace,
 * &nbsp; only. Media (img, video, iframe, table, hr) count as content. Linear in the input (it runs
 * in request validation on whatever a member sends) and DOM-free, so it runs in Node too.
 */
export function isEditorEmpty(html: string | null | undefined): boolean {
  if (html == null) return true;
  if (/<(?:img|video|iframe|embed|object|audio|table|hr)\b/i.test(html)) return false;
  const text = htmlTextContent(html)
    .replace(ENTITIES, '')
    .replace(/[\s\u00a0\u200b\u3000\ufeff]+/g, '');
  return text.length === 0;
}

/** Length of `text` in UTF-8 bytes, without encoding it. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      // A surrogate pair is one 4-byte character (a lone surrogate is sent as U+FFFD, 3 bytes).
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** '云计算， AI,,存储 ' → '云计算,AI,存储': one separator, no blanks or repeats (Chinese commas accepted). */
export function normalizeKeywords(value: string | null | undefined): string {
  if (!value) return '';
  const seen = new Set<string>();
  for (const part of value.split(/[,，、]/)) {
    const keyword = part.trim();
    if (keyword) seen.add(keyword);
  }
  return [...seen].join(',');
}

const mobile = (requiredMessage: string, invalidMessage: string) =>
  string()
    .trim()
    .required(requiredMessage)
    .max(PHONE_MAX_LENGTH, invalidMessage)
    .matches(PHONE_PATTERN, { message: invalidMessage, excludeEmptyString: true });

const email = (requiredMessage: string, invalidMessage: string) =>
  string().trim().required(requiredMessage).email(invalidMessage).max(FIELD_MAX.email, MSG.emailTooLong);

/** An option id chosen from a select: '' or 0 (nothing chosen) is reported as the required message. */
const optionId = (message: string) =>
  number().typeError(message).required(message).integer(message).moreThan(0, message).max(MAX_ID, message);

const password = (requiredMessage: string) =>
  string()
    .required(requiredMessage)
    .min(PASSWORD_MIN, MSG.passwordLength)
    .max(PASSWORD_MAX, MSG.passwordLength);

const optionalText = (max: number, message: string) => string().trim().max(max, message).default('');

const tick = (message: string) => boolean().required(message).oneOf([true], message);

// ---------- member ----------

const memberProfileFields = {
  email: email(MSG.emailRequired, MSG.emailInvalid),
  company: optionalText(FIELD_MAX.company, MSG.companyTooLong),
  industry: optionId(MSG.industryRequired),
  position: optionId(MSG.positionRequired),
  department: optionId(MSG.departmentRequired),
  province: optionalText(FIELD_MAX.place, MSG.placeTooLong),
  city: optionalText(FIELD_MAX.place, MSG.placeTooLong),
  address: optionalText(FIELD_MAX.address, MSG.addressTooLong),
  company_people: string()
    .trim()
    .default('')
    .oneOf(['', ...EMPLOYEE_COUNT_OPTIONS], MSG.companyPeopleInvalid),
};

/** member_register payload (what the server receives). */
export const memberRegisterSchema = object({
  username: string().trim().required(MSG.usernameRequired).max(FIELD_MAX.username, MSG.usernameTooLong),
  mobile: mobile(MSG.mobileRequired, MSG.mobileInvalid),
  ...memberProfileFields,
  password: password(MSG.passwordRequired),
});
export type MemberRegisterValues = InferType<typeof memberRegisterSchema>;

/** The register form: the payload plus the client-only password repeat and privacy tick. */
export const memberRegisterFormSchema = memberRegisterSchema.shape({
  checkPass: string()
    .required(MSG.checkPassRequired)
    // A test rather than oneOf(ref): an empty repeat must say 'enter again', not 'differs'.
    .test('same-password', MSG.checkPassMismatch, function (value) {
      return !value || value === (this.parent as { password?: unknown }).password;
    }),
  privacy: tick(MSG.agreement),
});
export type MemberRegisterFormValues = InferType<typeof memberRegisterFormSchema>;

export const loginSchema = object({
  username: string().trim().required(MSG.usernameRequired).max(FIELD_MAX.username, MSG.usernameTooLong),
  password: password(MSG.passwordRequired),
});
export type LoginValues = InferType<typeof loginSchema>;

/** send_sms: the phone must be there before a code can be sent. */
export const sendSmsSchema = object({
  mobile: mobile(MSG.phoneFirst, MSG.mobileInvalid),
});

/** reset_password (drag_verify is checked by the server's slider verification, not here). */
export const resetPasswordSchema = object({
  mobile: mobile(MSG.mobileRequired, MSG.mobileInvalid),
  code: string().trim().required(MSG.codeRequired).max(FIELD_MAX.smsCode, MSG.codeRequired),
  password: password(MSG.newPasswordRequired),
});
export type ResetPasswordValues = InferType<typeof resetPasswordSchema>;

/** member_info_update: username and mobile are read-only, so they are not part of it. */
export const profileSchema = object({
  ...memberProfileFields,
  avatar: string().trim().max(FIELD_MAX.avatarUrl).optional(),
});
export type ProfileValues = InferType<typeof profileSchema>;

/** The avatar file chosen for upload (browser File or the server's parsed part). */
export const avatarFileSchema = object({
  type: string()
    .required(MSG.avatarType)
    .oneOf([...AVATAR_TYPES], MSG.avatarType),
  size: number().required(MSG.avatarSize).lessThan(AVATAR_MAX_BYTES, MSG.avatarSize),
});

/** The message for an unacceptable avatar file, or null when it may be uploaded. */
export function checkAvatarFile(file: { type: string; size: number; name?: string }): string | null {
  // Some browsers report '' or image/jpg; fall back to the extension the picker showed.
  const type = file.type || extensionType(file.name);
  if (!(AVATAR_TYPES as readonly string[]).includes(type === 'image/jpg' ? 'image/jpeg' : type))
    return MSG.avatarType;
  if (!(file.size < AVATAR_MAX_BYTES)) return MSG.avatarSize;
  return null;
}

function extensionType(name: string | undefined): string {
  const ext = name?.split('.').pop()?.toLowerCase();
  if (ext === 'png') return 'image/png';
  if (ext === 'jpg' || ext === 'jpeg') return 'image/jpeg';
  return '';
}

// ---------- column article ----------

export const columnArticleSchema = object({
  title: string().trim().required(MSG.titleRequired).max(TITLE_MAX, MSG.titleTooLong),
  content: string()
    .required(MSG.contentRequired)
    .test(
      'content-size',
      MSG.contentTooLong,
      (value) => value == null || utf8Length(value) <= ARTICLE_CONTENT_MAX_BYTES,
    )
    .test('editor-empty', MSG.contentRequired, (value) => value == null || !isEditorEmpty(value)),
  channel: optionId(MSG.channelRequired),
  category: optionId(MSG.categoryRequired),
  is_push: number()
    .typeError(MSG.isPushRequired)
    .required(MSG.isPushRequired)
    .oneOf([0, 1] as const, MSG.isPushRequired),
  description: optionalText(FIELD_MAX.description, MSG.descriptionTooLong),
  keyword: string()
    .default('')
    .transform((value: unknown) => (typeof value === 'string' ? normalizeKeywords(value) : value))
    .max(FIELD_MAX.keyword, MSG.keywordTooLong),
});
export type ColumnArticleValues = InferType<typeof columnArticleSchema>;

// ---------- vendor landing ----------

export const vendorMobileSchema = object({
  mobile: mobile(MSG.vendorMobileRequired, MSG.vendorMobileInvalid),
  meet_id: number().integer().min(0).max(MAX_ID).optional(),
});

const personText = (message: string) =>
  string().trim().required(message).max(FIELD_MAX.person, MSG.personTooLong);

/** vendor_register payload. The survey answers (question, JSON text) are not validated (spec section 5). */
export const vendorRegistrationSchema = object({
  name: personText(MSG.nameRequired),
  mobile: mobile(MSG.mobileRequired, MSG.mobileInvalid),
  email: email(MSG.emailRequired, MSG.vendorEmailInvalid),
  company: string().trim().required(MSG.companyRequired).max(FIELD_MAX.company, MSG.companyTooLong),
  position: personText(MSG.jobRequired),
  department: personText(MSG.deptRequired),
  meetName: string().trim().max(FIELD_MAX.meetName, MSG.meetNameTooLong).default(''),
  question: string().max(FIELD_MAX.surveyJson, MSG.surveyTooLong).default(''),
  meet_id: number().integer().min(0).max(MAX_ID).optional(),
});
export type VendorRegistrationValues = InferType<typeof vendorRegistrationSchema>;

/** How many consent boxes the vendor registration dialog shows. */
export const VENDOR_CONSENT_COUNT = 3;

/** The vendor registration dialog: the payload plus its consent boxes (`agreements[0..2]`). */
export const vendorRegistrationFormSchema = vendorRegistrationSchema.shape({
  agreements: array(boolean())
    .required(MSG.vendorAgreement)
    .test(
      'all-ticked',
      MSG.vendorAgreement,
      (ticks) => !!ticks && ticks.length >= VENDOR_CONSENT_COUNT && ticks.every((ticked) => ticked === true),
    ),
});

// ---------- dynamic activity form ----------

/** Whether a getForm field holds an email address or a mobile number (named so, or labelled so). */
export function dynamicFieldKind(
  field: Pick<FormField, 'field_name' | 'label'>,
): 'email' | 'mobile' | 'other' {
  const name = field.field_name ?? '';
  const label = field.label ?? '';
  if (/e-?mail/i.test(name) || /邮箱|e-?mail/i.test(label)) return 'email';
  if (/mobile|phone/i.test(name) || /手机/.test(label)) return 'mobile';
  return 'other';
}

function hasValue(value: unknown): boolean {
  if (value == null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/**
 * Rules for a getForm definition: visible required fields must be filled ({label}不能为空), email and
 * mobile fields are format-checked even when optional, and the privacy tick when the form asks for it.
 */
export function dynamicFormSchema(
  form: readonly FormField[],
  options: { privacy?: boolean } = {},
): ObjectSchema<AnyObject> {
  const shape: ObjectShape = {};
  for (const field of form) {
    if (!field.is_show || !field.field_name) continue;
    const required = field.is_require === 1;
    const kind = dynamicFieldKind(field);
    if (kind === 'email') {
      let rule = string().trim().email(MSG.vendorEmailInvalid).max(FIELD_MAX.email, MSG.emailTooLong);
      if (required) rule = rule.required(MSG.emailRequired);
      shape[field.field_name] = rule;
    } else if (kind === 'mobile') {
      let rule = string()
        .trim()
        .max(PHONE_MAX_LENGTH, MSG.mobileInvalid)
        .matches(PHONE_PATTERN, { message: MSG.mobileInvalid, excludeEmptyString: true });
      if (required) rule = rule.required(MSG.mobileRequired);
      shape[field.field_name] = rule;
    } else if (field.type === 'input') {
      let rule = string().trim().max(FIELD_MAX.formText, MSG.formTextTooLong);
      if (required) rule = rule.required(requiredMsg(field.label));
      shape[field.field_name] = rule;
    } else {
      // select, radio, checkbox, multi, province, city: an option id/title, a list of them, or a place name.
      shape[field.field_name] = required
        ? mixed().test('required', requiredMsg(field.label), hasValue)
        : mixed();
    }
  }
  if (options.privacy) shape.privacy = tick(MSG.formPrivacy);
  return object(shape);
}
