import { FIELD_MAX } from '../constants';
import { MSG } from '../messages';
import type { EntityField, EntityInput, EntityRecord } from './field';

/** Read and switched by the member it belongs to (the member centre). */
const SELF = ['self'] as const;

/**
 * A member's subscription to the IT weekly newsletter (every future issue; migration 019), declared
 * once. The contract's NewsletterSubscription and newsletter_set payload, the newsletter
 * repository's columns and row mapping and the table's `email` column come from this list. The
 * switch and the permanent failure are worked out from the row (`active`, `bounced_at`).
 */
export const NEWSLETTER_FIELDS = [
  {
    name: 'subscribed',
    label: '订阅 IT 周刊',
    type: 'boolean',
    required: true,
    messages: { required: MSG.newsletterSwitch, invalid: MSG.newsletterSwitch },
    read: SELF,
    update: SELF,
    stored: false,
  },
  // Where the issues go ('' when the member has no email yet: the member centre asks for one);
  // left out of newsletter_set, the stored one (or the member's own) is kept.
  {
    name: 'email',
    label: '邮箱',
    type: 'text',
    format: 'email',
    max: FIELD_MAX.email,
    default: '',
    messages: { invalid: MSG.emailInvalid, tooLong: MSG.emailTooLong },
    read: SELF,
    update: SELF,
  },
  // Delivery to `email` failed for good: the issues stop until the member gives another address.
  { name: 'bounced', label: '退信', type: 'boolean', read: SELF, stored: false },
] as const satisfies readonly EntityField[];

/** The member's subscription as newsletter_get and newsletter_set answer it. */
export type NewsletterSubscription = EntityRecord<typeof NEWSLETTER_FIELDS, 'self'>;
/** What newsletter_set takes: the switch, and an address when the member gives one. */
export type NewsletterPayload = EntityInput<typeof NEWSLETTER_FIELDS, 'update', 'self'>;
