import type { FooterData } from '@portal/api-client/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createStore,
  loadSiteData,
  memberCleared,
  memberSet,
  memberUpdated,
  restoreMember,
  selectIsLoggedIn,
  selectMember,
  setAccessToken,
  setBottom,
  setLayouts,
  setToken,
  setWebsite,
  signIn,
  signOut,
  updateMember,
  type SiteDataApi,
} from './index';

const member = { id: 3, stoken: 'st-3', username: '演示会员', avatar: '' };
const footer: FooterData = { info: { 版权: '© 2026' }, qrcodes: [], friendly_links: [] };
const category = { id: 56, name: '存储', alias: 'storage', son: [] };

afterEach(() => localStorage.clear());

describe('slices', () => {
  it('starts empty', () => {
    expect(createStore().getState()).toEqual({
      layoutsDATA: { web_list: [], cat_one: [] },
      bottomDATA: null,
      websiteDATA: [],
      token: '',
      access_token: '',
      member: null,
    });
  });

  it('sets each slice', () => {
    const store = createStore();
    store.dispatch(setLayouts({ web_list: [category], cat_one: [] }));
    store.dispatch(setBottom(footer));
    store.dispatch(setWebsite([{ name: '官网', url: 'https://example.com' }]));
    store.dispatch(setToken('upload-token'));
    store.dispatch(setAccessToken('access'));
    store.dispatch(memberSet(member));
    expect(store.getState()).toEqual({
      layoutsDATA: { web_list: [category], cat_one: [] },
      bottomDATA: footer,
      websiteDATA: [{ name: '官网', url: 'https://example.com' }],
      token: 'upload-token',
      access_token: 'access',
      member,
    });
    expect(selectIsLoggedIn(store.getState())).toBe(true);
    store.dispatch(memberUpdated({ avatar: '/a.png' }));
    expect(selectMember(store.getState())?.avatar).toBe('/a.png');
    store.dispatch(memberCleared());
    expect(selectIsLoggedIn(store.getState())).toBe(false);
    // Updating nobody keeps nobody.
    store.dispatch(memberUpdated({ avatar: '/b.png' }));
    expect(store.getState().member).toBeNull();
  });

  it('starts from preloaded server state', () => {
    const store = createStore({ websiteDATA: [{ name: 'a', url: '/a' }] });
    expect(store.getState().websiteDATA).toEqual([{ name: 'a', url: '/a' }]);
    expect(store.getState().member).toBeNull();
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

describe('loadSiteData', () => {
  const envelope = <T>(data: T) => Promise.resolve({ code: 0, msg: '', data });

  it('fills categories, footer and website urls', async () => {
    const api: SiteDataApi = {
      get_category: () => envelope({ web_list: [category], cat_one: [category] }),
      company_letter: () => envelope(footer),
      website_url: () => envelope([{ name: '官网', url: '/' }]),
    };
    const store = createStore();
    await store.dispatch(loadSiteData(api));
    expect(store.getState().layoutsDATA).toEqual({ web_list: [category], cat_one: [category] });
    expect(store.getState().bottomDATA).toEqual(footer);
    expect(store.getState().websiteDATA).toEqual([{ name: '官网', url: '/' }]);
  });

  it('only logs failures and keeps the other results', async () => {
    const log = vi.fn();
    const api: SiteDataApi = {
      get_category: () => Promise.resolve({ code: 10500, msg: '服务器繁忙', data: null as never }),
      company_letter: () => Promise.reject(new Error('boom')),
      website_url: () => envelope([{ name: '官网', url: '/' }]),
    };
    const store = createStore();
    await store.dispatch(loadSiteData(api, log));
    expect(log).toHaveBeenCalledTimes(2);
    expect(log.mock.calls.map(([message]) => String(message).split(':')[0])).toEqual([
      '[session] get_category',
      '[session] company_letter failed',
    ]);
    expect(store.getState().layoutsDATA).toEqual({ web_list: [], cat_one: [] });
    expect(store.getState().websiteDATA).toEqual([{ name: '官网', url: '/' }]);
  });
});
