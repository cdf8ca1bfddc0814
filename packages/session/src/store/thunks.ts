import { clearMember, loadMember, saveMember, type MemberSession } from '../storage/member';
import type { AppThunk } from './create-store';
import { memberCleared, memberSet, memberUpdated } from './slices';

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
