/**
 * Plain session helpers with no Redux or React: read-only pages import these without pulling the
 * store into their bundle. Every helper is SSR-safe (returns null / does nothing without a window).
 */
export { clearMember, loadMember, parseMember, saveMember, type MemberSession } from './storage/member';
export { clearVendorUserId, getVendorUserId, setVendorUserId } from './storage/vendor';
export {
  CONSENT_CHOICES,
  consentCookie,
  getConsent,
  readConsentCookie,
  setConsent,
  type Consent,
} from './storage/consent';
export { lastViewTime, PAGE_VIEW_MEMORY, recordView, shouldCountView } from './storage/page-views';
