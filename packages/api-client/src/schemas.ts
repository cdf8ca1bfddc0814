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
  AVATAR_MAX_BYTES,
  AVATAR_TYPES,
  FIELD_MAX,
  MAX_ID,
  PHONE_MAX_LENGTH,
  PHONE_PATTERN,
} from './constants';
import type { FormField } from './contract';
import { COLUMN_ARTICLE_FIELDS } from './entities/column-article';
import { fieldNamed } from './entities/derive';
import { LEAD_FIELDS } from './entities/lead';
import { MEMBER_FIELDS } from './entities/member';
import { NEWSLETTER_FIELDS } from './entities/newsletter';
import { entitySchema, fieldRule } from './entities/schema';
import { mobile } from './rules';

import { MSG, requiredMsg } from './messages';

export { FIELD_MAX } from './constants';
/** The messages these rules report: defined in ./messages, which pages import without yup. */
export { MSG, requiredMsg } from './messages';
/** Text helpers of the rules (./rules), which the API uses too. */
export { isEditorEmpty, normalizeKeywords, utf8Length } from './rules';

const tick = (message: string) => boolean().required(message).oneOf([true], message);

/** The rule of one of the member's fields, as declared in entities/member.ts. */
const memberRule = <N extends (typeof MEMBER_FIELDS)[number]['name']>(name: N) =>
  fieldRule(fieldNamed(MEMBER_FIELDS, name));

// ---------- member ----------

/**
 * newsletter_set (the member centre's switch, entities/newsletter.ts): the address is optional (the
 * member's own is kept) but, when given, follows the spec's email rule.
 */
export const newsletterSchema = entitySchema(NEWSLETTER_FIELDS, 'update', 'self');

/** member_register payload (what the server receives): the fields a visitor gives (entities/member.ts). */
export const memberRegisterSchema = entitySchema(MEMBER_FIELDS, 'create', 'public');
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
  username: memberRule('username'),
  password: memberRule('password'),
});
export type LoginValues = InferType<typeof loginSchema>;

/** send_sms: the phone must be there before a code can be sent. */
export const sendSmsSchema = object({
  mobile: mobile(MSG.phoneFirst, MSG.mobileInvalid),
});

const newPassword = fieldNamed(MEMBER_FIELDS, 'password');

/** reset_password (drag_verify is checked by the server's slider verification, not here). */
export const resetPasswordSchema = object({
  mobile: memberRule('mobile'),
  code: string().trim().required(MSG.codeRequired).max(FIELD_MAX.smsCode, MSG.codeRequired),
  // The member's password rule, asking for the new one.
  password: fieldRule({
    ...newPassword,
    messages: { ...newPassword.messages, required: MSG.newPasswordRequired },
  }),
});
export type ResetPasswordValues = InferType<typeof resetPasswordSchema>;

/** member_info_update: username and mobile are read-only, so they are not part of it. */
export const profileSchema = entitySchema(MEMBER_FIELDS, 'update', 'self');
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

/** space_add_article / space_update_article: the article as the member writes it (entities/column-article.ts). */
export const columnArticleSchema = entitySchema(COLUMN_ARTICLE_FIELDS, 'create', 'self');
export type ColumnArticleValues = InferType<typeof columnArticleSchema>;

// ---------- vendor landing ----------

export const vendorMobileSchema = object({
  mobile: mobile(MSG.vendorMobileRequired, MSG.vendorMobileInvalid),
  meet_id: number().integer().min(0).max(MAX_ID).optional(),
});

/** vendor_register payload: the lead (entities/lead.ts) and the meet it is for, in the order the rules check them. */
export const vendorRegistrationSchema = entitySchema(LEAD_FIELDS, 'create', 'public')
  .omit(['question'])
  .shape({
    meetName: string().trim().max(FIELD_MAX.meetName, MSG.meetNameTooLong).default(''),
    // The survey answers (JSON text) are not validated (spec section 5).
    question: fieldRule(fieldNamed(LEAD_FIELDS, 'question')),
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
