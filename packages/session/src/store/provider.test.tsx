import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createStore,
  signOut,
  SessionProvider,
  useAppDispatch,
  useAppSelector,
  type AppStore,
} from './index';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

const member = { id: 8, stoken: 'st-8', username: '读者', avatar: '' };

function Who() {
  const current = useAppSelector((state) => state.member);
  const dispatch = useAppDispatch();
  return (
    <button type="button" onClick={() => dispatch(signOut())}>
      {current ? current.username : '未登录'}
    </button>
  );
}

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  localStorage.clear();
});

describe('SessionProvider', () => {
  it('renders anonymously on the server even when the browser has a member', () => {
    localStorage.setItem('SMBData', JSON.stringify(member));
    expect(
      renderToString(
        <SessionProvider>
          <Who />
        </SessionProvider>,
      ),
    ).toContain('未登录');
  });

  it('loads the member from SMBData after mounting and logs out through the hooks', () => {
    localStorage.setItem('SMBData', JSON.stringify(member));
    const store: AppStore = createStore();
    act(() =>
      root.render(
        <SessionProvider store={store}>
          <Who />
        </SessionProvider>,
      ),
    );
    expect(container.textContent).toBe('读者');

    act(() => container.querySelector('button')?.click());
    expect(container.textContent).toBe('未登录');
    expect(localStorage.getItem('SMBData')).toBeNull();
    expect(store.getState().member).toBeNull();
  });

  it('follows a logout made in another tab', () => {
    localStorage.setItem('SMBData', JSON.stringify(member));
    act(() =>
      root.render(
        <SessionProvider>
          <Who />
        </SessionProvider>,
      ),
    );
    expect(container.textContent).toBe('读者');
    localStorage.removeItem('SMBData');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'SMBData', newValue: null }));
    });
    expect(container.textContent).toBe('未登录');
  });
});
