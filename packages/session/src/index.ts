/**
 * Session helpers with no Redux and no axios at import time: read-only pages import these without
 * pulling the store or the HTTP transport into their bundle. Every helper is SSR-safe (returns null
 * / does nothing without a window). The member session's one owner is member-client.ts.
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
export {
  lastViewTime,
  PAGE_VIEW_MEMORY,
  pageReferrer,
  recordView,
  shouldCountView,
} from './storage/page-views';
export {
  expireSession,
  memberApi,
  notifyMemberChange,
  onSessionExpired,
  publicApi,
  signOutMember,
  type SessionExpiredHandler,
} from './member-client';
export { useMember, useSessionExpired } from './use-member';
