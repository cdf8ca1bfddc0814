import type { Api } from '@portal/api-client';
import { clearMember, loadMember, saveMember, type MemberSession } from '../storage/member';
import type { AppThunk } from './create-store';
import { memberCleared, memberSet, memberUpdated, setBottom, setLayouts, setWebsite } from './slices';
import { isOk } from '@portal/api-client/envelope';

/** After member_login: the member goes into the store and into SMBData. */
export const signIn =
  (member: MemberSession): AppThunk =>
  (dispatch) => {
    saveMember(member);
    dispatch(memberSet(member));
  };

/** Logout (and a 10001 answer): the member leaves both the store and SMBData (spec section 4). */
export const signOut = (): AppThunk => (dispatch) => {
  clearMember();
  dispatch(memberCleared());
};

/** Display changes (avatar upload, username) kept in both places. */
export const updateMember =
  (changes: Partial<Pick<MemberSession, 'username' | 'avatar'>>): AppThunk =>
  (dispatch, getState) => {
    dispatch(memberUpdated(changes));
    const member = getState().member;
    if (member) saveMember(member);
  };

/**
 * Reads SMBData into the store. Run after hydration (the server cannot see local storage, so the
 * first client render must match its anonymous HTML) and when another tab logs in or out.
 */
export const restoreMember = (): AppThunk => (dispatch, getState) => {
  const stored = loadMember();
  const current = getState().member;
  if (stored === null) {
    if (current !== null) dispatch(memberCleared());
    return;
  }
  if (JSON.stringify(stored) !== JSON.stringify(current)) dispatch(memberSet(stored));
};

export type SiteDataApi = Pick<Api, 'get_category' | 'company_letter' | 'website_url'>;

/** The startup loads of spec section 7; a failure is only logged and leaves that slice as it was. */
export const loadSiteData =
  (api: SiteDataApi, log: (message: string) => void = console.error): AppThunk<Promise<void>> =>
  async (dispatch) => {
    const settle = async <T>(
      name: string,
      call: () => Promise<{ code: number; msg: string; data: T }>,
      apply: (data: T) => void,
    ) => {
      try {
        const result = await call();
        if (isOk(result)) apply(result.data);
        else log(`[session] ${name}: ${result.code} ${result.msg}`);
      } catch (error) {
        log(`[session] ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    };
    await Promise.all([
      settle(
        'get_category',
        () => api.get_category({}),
        (data) => dispatch(setLayouts({ web_list: data.web_list ?? [], cat_one: data.cat_one ?? [] })),
      ),
      settle(
        'company_letter',
        () => api.company_letter({}),
        (data) => dispatch(setBottom(data)),
      ),
      settle(
        'website_url',
        () => api.website_url({}),
        (data) => dispatch(setWebsite(data ?? [])),
      ),
    ]);
  };
