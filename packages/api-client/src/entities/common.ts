import { schedule } from '../collections/fields';
import { FIELD_MAX } from '../constants';
import { MSG, TEXT } from '../messages';

/**
 * Fields that several entities declare alike: a member's and a vendor lead's mobile number and
 * email address (spec section 5), an editorial record's id, created time and schedule, and who
 * reads and writes an editorial kind's fields. An entity spreads one and adds who reads and writes it.
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

/*
 * Who reads and writes the fields of an editorial kind (video, white paper, event, …): the editors
 * write them in the back office, visitors read them in the API's answers.
 */
const PUBLIC_AND_OFFICE = ['public', 'office'] as const;
const OFFICE = ['office'] as const;
/** Written by the editors, read by every visitor. */
export const EDITED = { read: PUBLIC_AND_OFFICE, create: OFFICE, update: OFFICE } as const;
/** Written and read in the back office only (a category, a recommendation flag, a schedule). */
export const EDITED_UNSHOWN = { read: OFFICE, create: OFFICE, update: OFFICE } as const;
/**
 * Read by visitors only: the record's id and created time (the back office's store adds them to
 * every record itself), or a value worked out when the record is read (then `stored: false`).
 */
export const SHOWN = { read: ['public'] } as const;

/**
 * An id the editors choose themselves (a category's is the spec's, 694 人工智能; a menu entry's is
 * the list it opens): set once in the back office, read by everyone.
 */
export const editorsId = <const N extends string>(name: N, label: string) =>
  ({
    name,
    label,
    type: 'number',
    min: 1,
    max: 1_000_000,
    required: true,
    read: PUBLIC_AND_OFFICE,
    create: OFFICE,
  }) as const;

/** A record's id, as visitors read it. */
export const ID_FIELD = { name: 'id', label: '编号', type: 'number', ...SHOWN } as const;
/** When the record was made (stamped by the server), as visitors read it. */
export const CREATED_FIELD = {
  name: 'created_at',
  label: TEXT.createdAt,
  type: 'datetime',
  ...SHOWN,
} as const;

/** A scheduled kind's window (banners, ad slots): set in the back office, applied by the API's reads; null: no bound. */
export const SCHEDULE_FIELDS = [
  { ...schedule[0], ...EDITED_UNSHOWN, nullable: true },
  { ...schedule[1], ...EDITED_UNSHOWN, nullable: true },
] as const;
