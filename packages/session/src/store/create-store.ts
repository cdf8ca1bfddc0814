import { combineReducers, configureStore, type ThunkAction, type UnknownAction } from '@reduxjs/toolkit';
import { reducer } from './slices';

const rootReducer = combineReducers(reducer);

export type SessionState = ReturnType<typeof rootReducer>;

/**
 * One store per server request (so visitors never share state) and one in the browser.
 * `preloaded` carries what the server rendered with, so hydration starts from the same state.
 */
export function createStore(preloaded?: Partial<SessionState>) {
  return configureStore({ reducer: rootReducer, preloadedState: preloaded });
}

export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore['dispatch'];
export type AppThunk<R = void> = ThunkAction<R, SessionState, unknown, UnknownAction>;

export const selectMember = (state: SessionState) => state.member;
export const selectIsLoggedIn = (state: SessionState) => state.member !== null;
