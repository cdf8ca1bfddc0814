// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Api, Member } from '@portal/api-client';
import { ColumnStatus } from '@portal/api-client/constants';
import { useArticleDialog, useColumnSpace, useProfile, type Say } from './hooks';
import { toProfileValues } from './profile';

const member = {
  id: 5,
  username: 'demo',
  mobile: '13800138000',
  avatar: '',
  email: 'demo@example.com',
  company: '示例公司',
  industry: 1,
  position: 2,
  department: 3,
  province: '浙江省',
  city: '杭州市',
  address: '',
  company_people: '1-25',
} as unknown as Member;
const ok = <T,>(data: T, msg = '') => Promise.resolve({ code: 0, msg, data });
const said: [string, string][] = [];
const say: Say = (msg, kind) => said.push([msg, kind]);

afterEach(() => {
  cleanup();
  said.length = 0;
  localStorage.clear();
});

describe('useProfile', () => {
  it('loads the member, fetches the options when no loader gave them, and keeps SMBData in step on save', async () => {
    localStorage.setItem('SMBData', JSON.stringify({ id: 5, stoken: 's', username: 'demo', avatar: '' }));
    const saved: Member[] = [];
    const api = {
      member_info: () => ok(member),
      option_ls: () => ok({ industry: [{ id: 1, name: 'IT' }], position: [], department: [] }),
      get_province: () => ok([{ label: '浙江省' }]),
      member_info_update: () => ok({ ...member, avatar: '/uploads/a.png' }, '保存成功'),
    } as unknown as Api;
    const getApi = () => Promise.resolve(api);
    const { result } = renderHook(() =>
      useProfile({ getApi, say, memberId: 5, onSaved: (m) => saved.push(m) }),
    );
    await waitFor(() => expect(result.current.member?.username).toBe('demo'));
    await waitFor(() => expect(result.current.options?.industry).toEqual([{ id: 1, name: 'IT' }]));
    await act(() => result.current.submit({ ...toProfileValues(member), avatar: '/uploads/a.png' }));
    expect(JSON.parse(localStorage.getItem('SMBData') ?? '{}').avatar).toBe('/uploads/a.png');
    expect(saved[0]?.avatar).toBe('/uploads/a.png');
    expect(said).toContainEqual(['保存成功', 'success']);
  });

  it('says a failure, but not 10001 (the session redirect says that one)', async () => {
    const api = {
      member_info: () => Promise.resolve({ code: 10001, msg: '会话已过期', data: null }),
    } as unknown as Api;
    const getApi = () => Promise.resolve(api);
    const options = { industry: [], position: [], department: [], provinces: [] };
    renderHook(() => useProfile({ getApi, say, memberId: 5, options }));
    await act(async () => {});
    expect(said).toEqual([]);
  });
});

describe('useColumnSpace', () => {
  it('reads the status, applies and reads it again', async () => {
    let status: number = ColumnStatus.NotApplied;
    const api = {
      check_space: () => ok({ status, msg: '' }),
      space_apply: () => {
        status = ColumnStatus.UnderReview;
        return ok(null, '申请已提交');
      },
    } as unknown as Api;
    const getApi = () => Promise.resolve(api);
    const { result } = renderHook(() => useColumnSpace({ getApi, say, memberId: 5 }));
    await waitFor(() => expect(result.current.notApplied).toBe(true));
    await act(() => result.current.apply());
    await waitFor(() => expect(result.current.underReview).toBe(true));
    expect(said).toContainEqual(['申请已提交', 'success']);
  });
});

describe('useArticleDialog', () => {
  it('opens in create mode without a call, in edit mode with the article, and loads channels once', async () => {
    let channelCalls = 0;
    const article = { id: 9, title: '旧标题' };
    const api = {
      space_channel: () => {
        channelCalls += 1;
        return ok([{ id: 1, name: '产业观察' }]);
      },
      space_edit_article: () => ok(article),
    } as unknown as Api;
    const getApi = () => Promise.resolve(api);
    let reloads = 0;
    const { result } = renderHook(() => useArticleDialog({ getApi, say, onSaved: () => (reloads += 1) }));
    expect(result.current.open).toBe(false);
    act(() => result.current.openNew());
    expect(result.current.open).toBe(true);
    expect(result.current.article).toBeNull();
    await waitFor(() => expect(result.current.formProps.channels).toHaveLength(1));
    await act(() => result.current.openEdit(9));
    expect(result.current.title).toBe('编辑文章');
    expect(result.current.article).toEqual(article);
    act(() => result.current.formProps.onSaved('已保存'));
    expect(result.current.open).toBe(false);
    expect(reloads).toBe(1);
    expect(channelCalls).toBe(1);
  });
});
