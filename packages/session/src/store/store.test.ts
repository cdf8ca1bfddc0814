import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createStore,
  memberCleared,
  memberSet,
  memberUpdated,
  restoreMember,
  selectIsLoggedIn,
  selectMember,
  signIn,
  signOut,
  updateMember,
} from './index';

const member = { id: 3, stoken: 'st-3', username: '演示会员', avatar: '' };

afterEach(() => localStorage.clear());

describe('slices', () => {
  it('starts empty', () => {
    expect(createStore().getState()).toEqual({ member: null });
  });

  it('sets the member', () => {
    const store = createStore();
    store.dispatch(memberSet(member));
    expect(store.getState()).toEqual({ member });
    expect(selectIsLoggedIn(store.getState())).toBe(true);
    store.dispatch(memberUpdated({ avatar: '/a.png' }));
    expect(selectMember(store.getState())?.avatar).toBe('/a.png');
    store.dispatch(memberCleared());
    expect(selectIsLoggedIn(store.getState())).toBe(false);
    // Updating nobody keeps nobody.
    store.dispatch(memberUpdated({ avatar: '/b.png' }));
    expect(store.getState().member).toBeNull();
  });

  it('starts from preloaded state', () => {
    expect(createStore({ member }).getState().member).toEqual(member);
  });
});

describe('member thunks keep the store and SMBData together', () => {
  it('signIn stores the member in both places, signOut removes it from both', () => {
    const store = createStore();
    store.dispatch(signIn(member));
    expect(store.getState().member).toEqual(member);
    expect(JSON.parse(localStorage.getItem('SMBData') ?? 'null')).toEqual(member);

    store.dispatch(signOut());
    expect(store.getState().member).toBeNull();
    expect(localStorage.getItem('SMBData')).toBeNull();
  });

  it('updateMember saves display changes', () => {
    const store = createStore();
    store.dispatch(signIn(member));
    store.dispatch(updateMember({ avatar: '/uploads/avatar/3.png' }));
    expect(JSON.parse(localStorage.getItem('SMBData') ?? 'null')).toEqual({
      ...member,
      avatar: '/uploads/avatar/3.png',
    });
  });

  it('restoreMember loads SMBData, and clears the store when SMBData is gone', () => {
    const store = createStore();
    localStorage.setItem('SMBData', JSON.stringify(member));
    store.dispatch(restoreMember());
    expect(store.getState().member).toEqual(member);
    localStorage.removeItem('SMBData');
    store.dispatch(restoreMember());
    expect(store.getState().member).toBeNull();
  });
});

describe('every slice is read', () => {
  // Issue 12: no slice that nothing reads. Each key of the state must be read by an app's source.
  const repo = join(import.meta.dirname, '../../../..');
  const sources = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (name === 'node_modules' || name === 'build' || name.startsWith('.')) return [];
      if (statSync(path).isDirectory()) return sources(path);
      return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
    });
  const appCode = ['desktop', 'mobile', 'landing']
    .flatMap((app) => sources(join(repo, 'apps', app, 'app')))
    .map((path) => readFileSync(path, 'utf8'))
    .join('\n');

  it.each(Object.keys(createStore().getState()))('%s has a reader in an app', (key) => {
    const selector = `select${key[0]?.toUpperCase()}${key.slice(1)}`;
    expect(appCode.includes(selector) || appCode.includes(`state.${key}`)).toBe(true);
  });
});
