/** The Redux store of the session: the member (why the spec's other slices are not here: ./slices.ts). */
export {
  createStore,
  selectIsLoggedIn,
  selectMember,
  type AppDispatch,
  type AppStore,
  type AppThunk,
  type SessionState,
} from './create-store';
export { memberCleared, memberSet, memberUpdated } from './slices';
export { restoreMember, signIn, signOut, updateMember } from './thunks';
export { useAppDispatch, useAppSelector, useAppStore } from './hooks';
export { SessionProvider, type SessionProviderProps } from './provider';
export type { MemberSession } from '../storage/member';
