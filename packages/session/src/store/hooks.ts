import { useDispatch, useSelector, useStore } from 'react-redux';
import type { AppDispatch, AppStore, SessionState } from './create-store';

export const useAppSelector = useSelector.withTypes<SessionState>();
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppStore = useStore.withTypes<AppStore>();
