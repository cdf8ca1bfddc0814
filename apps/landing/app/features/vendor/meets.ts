import { VENDOR_2025_MEET_ID } from '@portal/api-client/constants';
import { href } from '@portal/routes';

/** The meet each vendor landing path shows: /vendor is meet 0, /vendor2025 the 2025 meet (spec section 7). */
export const MEET_BY_PATH: Record<string, number> = {
  [href.vendor()]: 0,
  [href.vendor2025()]: VENDOR_2025_MEET_ID,
};

export function meetIdForPath(pathname: string): number {
  return MEET_BY_PATH[pathname.replace(/(?<!\/)\/+$/, '') || '/'] ?? 0;
}

/** meet_id is sent only for a numbered meet; the plain page leaves it to the server's default (0). */
export function meetPayload(meetId: number): { meet_id?: number } {
  return meetId > 0 ? { meet_id: meetId } : {};
}
