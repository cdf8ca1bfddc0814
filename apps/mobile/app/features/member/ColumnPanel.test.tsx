import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Api, ColumnArticle } from '@portal/api-client';
import { ArticleStatus, ColumnStatus, PAGE_SIZE } from '@portal/api-client/constants';
import { MSG } from '@portal/api-client/messages';
import type * as Session from '@portal/session';

/** A stand-in for the member API: check_space answers from `state`, space_apply moves it to review. */
const state = { status: 0 as number, msg: '' };
const calls: { name: string; payload: unknown }[] = [];
const articles: ColumnArticle[] = [
  {
    id: 7,
    title: '被退回的文章',
    channel: 1,
    category: 2,
    content: '<p>正文</p>',
    description: '',
    keyword: '',
    is_push: 0,
    status: ArticleStatus.Rejected,
    showStatus: '未通过',
    refuse: '内容过短',
    created_at: '2026-11-15 10:00',
  },
  {
    id: 8,
    title: '等待审核的文章',
    channel: 1,
    category: 2,
    content: '<p>正文</p>',
    description: '',
    keyword: '',
    is_push: 1,
    status: ArticleStatus.Pending,
    showStatus: '待审核',
    refuse: '不该显示的原因',
    created_at: '2026-11-16 10:00',
  },
];
const api = {
  check_space: async (payload: unknown) => {
    calls.push({ name: 'check_space', payload });
    return { code: 0, msg: '', data: { ...state } };
  },
  space_apply: async (payload: unknown) => {
    calls.push({ name: 'space_apply', payload });
    state.status = ColumnStatus.UnderReview;
    state.msg = '您的专栏申请正在审核中，请耐心等待';
    return { code: 0, msg: '申请已提交，请等待审核', data: { status: 1 } };
  },
  space_delete_article: async (payload: unknown) => {
    calls.push({ name: 'space_delete_article', payload });
    return { code: 0, msg: '删除成功', data: null };
  },
  space_list: async (payload: { status?: number }) => {
    calls.push({ name: 'space_list', payload });
    const data = articles.filter((a) => payload.status === undefined || a.status === payload.status);
    return { code: 0, msg: '', data, total: data.length };
  },
} as unknown as Api;

vi.mock('@portal/session', async (importOriginal) => ({
  ...(await importOriginal<typeof Session>()),
  memberApi: async () => api,
}));

const { ColumnPanel } = await import('./ColumnPanel');

function renderPanel(say: (msg: string) => void = () => {}) {
  const Stub = createRoutesStub([
    { path: '/new_user', Component: () => <ColumnPanel memberId={5} say={say} /> },
  ]);
  return render(<Stub initialEntries={['/new_user']} />);
}
const flush = () => act(async () => {});

beforeEach(() => {
  calls.length = 0;
});
afterEach(cleanup);

describe('ColumnPanel (phone)', () => {
  it('status 0 offers the application; applying asks for review and shows the status 1 message', async () => {
    Object.assign(state, { status: ColumnStatus.NotApplied, msg: '您还没有申请专栏' });
    const said: string[] = [];
    renderPanel((m) => said.push(m));
    await flush();
    fireEvent.click(screen.getByRole('button', { name: '申请专栏' }));
    await flush();
    expect(calls.find((c) => c.name === 'space_apply')?.payload).toEqual({ id: 5 });
    expect(said).toContain('申请已提交，请等待审核');
    expect(screen.getByText('您的专栏申请正在审核中，请耐心等待')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '申请专栏' })).toBeNull();
  });

  it('a negative status shows the server message and lets the member apply again', async () => {
    Object.assign(state, { status: ColumnStatus.Rejected, msg: '专栏定位不清晰' });
    renderPanel();
    await flush();
    expect(screen.getByText('专栏定位不清晰')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重新申请' })).toBeTruthy();
  });

  it('status 2 lists the articles, 10 a page, with the refusal reason only for rejected ones', async () => {
    Object.assign(state, { status: ColumnStatus.Approved, msg: '您的专栏已开通' });
    renderPanel();
    await flush();
    await flush();
    expect(calls.find((c) => c.name === 'space_list')?.payload).toMatchObject({
      page: 1,
      pageSize: PAGE_SIZE.columnList,
    });
    expect(screen.getByText('被退回的文章')).toBeTruthy();
    expect(screen.getByText('未通过原因：内容过短')).toBeTruthy();
    expect(screen.queryByText(/不该显示的原因/)).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: '待审核' }));
    await flush();
    expect(calls.at(-1)).toEqual({
      name: 'space_list',
      payload: expect.objectContaining({ status: ArticleStatus.Pending, page: 1 }),
    });
    expect(screen.queryByText('被退回的文章')).toBeNull();
    expect(screen.getByText('等待审核的文章')).toBeTruthy();
  });

  it('删除 asks in the shared dialog first: 取消 keeps the article, 确定 deletes it and says so', async () => {
    Object.assign(state, { status: ColumnStatus.Approved, msg: '您的专栏已开通' });
    const said: string[] = [];
    renderPanel((m) => said.push(m));
    await flush();
    await flush();
    fireEvent.click(screen.getAllByRole('button', { name: '删除' })[0]);
    const confirm = screen.getByRole('dialog', { name: '提示' });
    expect(confirm.textContent).toContain(MSG.deleteConfirm);
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(screen.queryByRole('dialog', { name: '提示' })).toBeNull();
    expect(calls.some((c) => c.name === 'space_delete_article')).toBe(false);

    fireEvent.click(screen.getAllByRole('button', { name: '删除' })[0]);
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await flush();
    expect(calls.find((c) => c.name === 'space_delete_article')?.payload).toEqual({ id: 7 });
    expect(said).toContain('删除成功');
    expect(screen.queryByRole('dialog', { name: '提示' })).toBeNull();
  });
});
