import { publicApi } from '@portal/session';

/**
 * The browser API (axios transport), loaded on the first interaction that needs it: landing
 * pages only read on first load, so axios stays out of their first-load JavaScript. Landing calls
 * never carry a member: the vendor session is the user_id in the payload.
 */
export const browserApi = publicApi;
