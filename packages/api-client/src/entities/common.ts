import { FIELD_MAX } from '../constants';
import { MSG } from '../messages';

/**
 * Fields that several entities declare alike (spec section 5): a member's and a vendor lead's
 * mobile number and email address. An entity spreads one and adds who reads and writes it.
 */

/** A mobile number: required, the spec's mobile rule. */
export const MOBILE_FIELD = {
  name: 'mobile',
  label: '手机号',
  type: 'text',
  format: 'mobile',
  required: true,
  messages: { required: MSG.mobileRequired, invalid: MSG.mobileInvalid },
} as const;

/** An email address: required, at most FIELD_MAX.email; `invalid` is the form's own wording. */
export const emailField = <const Invalid extends string>(invalid: Invalid) =>
  ({
    name: 'email',
    label: '邮箱',
    type: 'text',
    format: 'email',
    required: true,
    max: FIELD_MAX.email,
    messages: { required: MSG.emailRequired, invalid, tooLong: MSG.emailTooLong },
  }) as const;
