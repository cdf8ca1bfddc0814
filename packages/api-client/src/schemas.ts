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
import {
  ARTICLE_CONTENT_MAX_BYTES,
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

import { MSG, requiredMsg } from './messages';

export { FIELD_MAX } from './constants';
/** The messages these rules report: defined in ./messages, which pages import without yup. */
export { MSG, requiredMsg } from './messages';

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

/**
 * newsletter_set (the member centre's switch): the address is optional (the member's own is kept)
 * but, when given, follows the spec's email rule.
 */
export const newsletterSchema = object({
  subscribed: boolean().typeError(MSG.newsletterSwitch).required(MSG.newsletterSwitch),
  email: string().trim().email(MSG.emailInvalid).max(FIELD_MAX.email, MSG.emailTooLong).default(''),
});

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
