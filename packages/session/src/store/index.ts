/** The Redux store of the session (layoutsDATA, bottomDATA, websiteDATA, token, access_token, member). */
export {
  createStore,
  selectBottom,
  selectIsLoggedIn,
  selectLayouts,
  selectMember,
  selectWebsite,
  type AppDispatch,
  type AppStore,
  type AppThunk,
  type SessionState,
} from './create-store';
export {
  memberCleared,
  memberSet,
  memberUpdated,
  setAccessToken,
  setBottom,
  setLayouts,
  setToken,
  setWebsite,
  type LayoutsState,
} from './slices';
export { loadSiteData, restoreMember, signIn, signOut, updateMember, type SiteDataApi } from './thunks';
export { useAppDispatch, useAppSelector, useAppStore } from './hooks';
export { SessionProvider, type SessionProviderProps } from './provider';
export type { MemberSession } from '../storage/member';
