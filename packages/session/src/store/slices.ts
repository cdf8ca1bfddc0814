import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { MemberSession } from '../storage/member';

/*
 * The spec's store state (section 3) is layoutsDATA, bottomDATA, websiteDATA, token and access_token.
 * Only the member lives in Redux; the other five were removed (issue 12), because nothing read them:
 *
 * - layoutsDATA, bottomDATA, websiteDATA: the start-up loads fill them on the server, once per document,
 *   in each app's root loader (`loadStartup` in @portal/api-client/startup), and pages read them with
 *   `useStartup()` from @portal/ui. A Redux copy would be a second source of the same data, and the
 *   store in every page's first load would cost about 13 KB gzip that the article pages' 130 KB budget
 *   does not have (DESIGN.md: keep the store out of read-only routes).
 * - token, access_token: the access token is held by the transport's token-and-retry layer
 *   (@portal/api-client/access-token), which every call and the editor upload use and which buys a new
 *   token on expiry; a store copy would go stale and nothing would refresh it.
 */

/** The logged-in member summary, or null. Use the signIn/signOut thunks to keep SMBData in step. */
const member = createSlice({
  name: 'member',
  initialState: null as MemberSession | null,
  reducers: {
    memberSet: (_state, action: PayloadAction<MemberSession>) => action.payload,
    memberUpdated: (state, action: PayloadAction<Partial<Pick<MemberSession, 'username' | 'avatar'>>>) =>
      state ? { ...state, ...action.payload } : state,
    memberCleared: () => null,
  },
});

export const reducer = {
  member: member.reducer,
};

export const { memberSet, memberUpdated, memberCleared } = member.actions;
