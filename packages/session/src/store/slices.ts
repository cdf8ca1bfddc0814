import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CategoryEntry, FooterData, WebsiteUrl } from '@portal/api-client/contract';
import type { MemberSession } from '../storage/member';

/** Categories from get_category (spec section 7 startup loads). */
export interface LayoutsState {
  web_list: CategoryEntry[];
  cat_one: CategoryEntry[];
}

const layouts = createSlice({
  name: 'layoutsDATA',
  initialState: { web_list: [], cat_one: [] } as LayoutsState,
  reducers: {
    setLayouts: (_state, action: PayloadAction<LayoutsState>) => action.payload,
  },
});

/** Footer data from company_letter; null until loaded. */
const bottom = createSlice({
  name: 'bottomDATA',
  initialState: null as FooterData | null,
  reducers: {
    setBottom: (_state, action: PayloadAction<FooterData | null>) => action.payload,
  },
});

/** Website urls from website_url. */
const website = createSlice({
  name: 'websiteDATA',
  initialState: [] as WebsiteUrl[],
  reducers: {
    setWebsite: (_state, action: PayloadAction<WebsiteUrl[]>) => action.payload,
  },
});

/** The Bearer token used by editor uploads (spec section 7: "a Bearer token from the token call"). */
const token = createSlice({
  name: 'token',
  initialState: '',
  reducers: {
    setToken: (_state, action: PayloadAction<string>) => action.payload,
  },
});

/** The access token bought with the client credential, when a screen needs it outside the transport. */
const accessToken = createSlice({
  name: 'access_token',
  initialState: '',
  reducers: {
    setAccessToken: (_state, action: PayloadAction<string>) => action.payload,
  },
});

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
  layoutsDATA: layouts.reducer,
  bottomDATA: bottom.reducer,
  websiteDATA: website.reducer,
  token: token.reducer,
  access_token: accessToken.reducer,
  member: member.reducer,
};

export const { setLayouts } = layouts.actions;
export const { setBottom } = bottom.actions;
export const { setWebsite } = website.actions;
export const { setToken } = token.actions;
export const { setAccessToken } = accessToken.actions;
export const { memberSet, memberUpdated, memberCleared } = member.actions;
