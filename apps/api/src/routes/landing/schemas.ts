/**
 * Payload schemas of the landing calls. The vendor rules are the shared spec section 5 schemas of
 * @portal/api-client/schemas (the same ones the landing forms use); the rest bound every field so
 * hostile input is a Validation answer, never a crash or unbounded storage.
 */
import { boolean, number, object, string, type StringSchema } from 'yup';
import { MAX_ID } from '@portal/api-client/constants';
import { PARTNER_MARK } from '@portal/api-client/entities/partner';
import { FIELD_MAX, MSG, vendorMobileSchema, vendorRegistrationSchema } from '@portal/api-client/schemas';
import { CONTENT_INVALID, OTHER_INVALID } from './submission';

/** Longest survey question and answer text stored in a lead. */
export const SURVEY_TEXT_MAX = { title: 100, answer: 500 } as const;
export const SURVEY_MAX_ITEMS = 4;
/** Longest JSON text of form content / other (a form has a few dozen fields of ≤500 characters). */
export const FORM_JSON_MAX = FIELD_MAX.formJson;
/** Longest asset address vendor_log records. */
export const ASSET_URL_MAX = 500;

/**
 * An integer sent as a JSON number or a string of digits. yup alone would also read [1] or true as
 * a number; a list or a flag where an id belongs is a malformed request.
 */
const strictInt = (message: string) =>
  number()
    .transform((value: number, original: unknown) =>
      typeof original === 'number' || (typeof original === 'string' && original.trim() !== '')
        ? value
        : Number.NaN,
    )
    .typeError(message)
    .integer(message);

const meetId = strictInt('活动编号不正确').min(0, '活动编号不正确').max(1_000_000, '活动编号不正确');
const activityId = strictInt('活动编号不正确')
  .required('活动编号不能为空')
  .min(1, '活动编号不正确')
  .max(MAX_ID, '活动编号不正确');
const meetName = string().typeError('活动名称必须是文本').trim().max(FIELD_MAX.meetName, MSG.meetNameTooLong);

export const SURVEY_INVALID = '问卷内容格式不正确';

/** question: JSON text of at most four {title, answer} pairs with bounded lengths (answers are not validated). */
export function isSurveyJson(text: string | undefined): boolean {
  if (text === undefined || text === '') return true;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return false;
  }
  return (
    Array.isArray(parsed) &&
    parsed.length <= SURVEY_MAX_ITEMS &&
    parsed.every(
      (item: unknown) =>
        typeof item === 'object' &&
        item !== null &&
        !Array.isArray(item) &&
        typeof (item as { title?: unknown }).title === 'string' &&
        typeof (item as { answer?: unknown }).answer === 'string' &&
        (item as { title: string }).title.length <= SURVEY_TEXT_MAX.title &&
        (item as { answer: string }).answer.length <= SURVEY_TEXT_MAX.answer &&
        Object.keys(item).every((k) => k === 'title' || k === 'answer'),
    )
  );
}

/**
 * The shared rule of a text field, plus a Chinese message for a value that is not text at all
 * (an object or list), which yup would otherwise describe in English.
 */
const textRule = (schema: { fields: Record<string, unknown> }, name: string, message: string) =>
  (schema.fields[name] as StringSchema<string>).typeError(message);

const registration = vendorRegistrationSchema;

export const landingSchemas = {
  vendor_login: vendorMobileSchema.shape({
    mobile: textRule(vendorMobileSchema, 'mobile', MSG.vendorMobileInvalid),
    meet_id: meetId.optional(),
  }),
  vendor_register: registration.shape({
    name: textRule(registration, 'name', MSG.nameRequired),
    mobile: textRule(registration, 'mobile', MSG.mobileInvalid),
    email: textRule(registration, 'email', MSG.vendorEmailInvalid),
    company: textRule(registration, 'company', MSG.companyRequired),
    position: textRule(registration, 'position', MSG.jobRequired),
    department: textRule(registration, 'department', MSG.deptRequired),
    meetName,
    meet_id: meetId.optional(),
    question: string()
      .typeError(SURVEY_INVALID)
      .max(FIELD_MAX.surveyJson, MSG.surveyTooLong)
      .default('')
      .test('survey-json', SURVEY_INVALID, (v) => isSurveyJson(v)),
  }),
  vendor_log: object({
    meetName,
    user_id: string()
      .typeError(MSG.vendorLoginFirst)
      .required(MSG.vendorLoginFirst)
      .max(FIELD_MAX.vendorUserId, MSG.vendorLoginFirst),
    meet_id: meetId.optional(),
    /** The address of the asset opened (a report or a carousel item of the meet). */
    asset: string().typeError('资料地址不正确').trim().max(ASSET_URL_MAX, '资料地址不正确').default(''),
  }),
  vendor_meet: object({ meet_id: meetId.required('活动编号不能为空') }),
  partner: object({
    mark: string()
      .typeError('合作伙伴标识不正确')
      .trim()
      .required('合作伙伴标识不能为空')
      .matches(PARTNER_MARK, '合作伙伴标识不正确'),
  }),
  getForm: object({ activity_id: activityId }),
  form_register: object({
    activity_id: activityId,
    source: string()
      .typeError('来源必须是文本')
      .trim()
      .max(FIELD_MAX.source, `来源不能超过${FIELD_MAX.source}个字符`)
      .default(''),
    content: string()
      .typeError(CONTENT_INVALID)
      .required('提交的内容不能为空')
      .max(FORM_JSON_MAX, '提交的内容过长'),
    other: string().typeError(OTHER_INVALID).max(FORM_JSON_MAX, '补充内容过长').default('{}'),
    privacy: boolean().typeError('请勾选授权协议').default(false),
  }),
};
