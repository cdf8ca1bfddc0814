import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CategoryEntry } from '@portal/api-client';
import { SiteHeader } from './SiteHeader';

const categories: CategoryEntry[] = [
  { id: 56, name: '存储', alias: 'storage', son: [] },
  {
    id: 10000,
    name: '更多',
    alias: '',
    son: [
      { id: 43, name: '视频', alias: '/video', son: [] },
      { id: 44, name: 'IT周报', alias: '/it_report', son: [] },
    ],
  },
];

function renderAt(path: string) {
  const Stub = createRoutesStub([
    { path: '/', Component: () => <SiteHeader categories={categories} adv={null} /> },
    {
      path: '/search',
      Component: () => (
        <>
          <SiteHeader categories={categories} adv={null} />
          <p>搜索结果页</p>
        </>
      ),
    },
    {
      path: '/login',
      Component: () => (
        <>
          <SiteHeader categories={categories} adv={null} />
          <p>登录页</p>
        </>
      ),
    },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

describe('SiteHeader', () => {
  it('links each category tab and gives only entry 10000 a drop-down', () => {
    renderAt('/');
    expect(screen.getByRole('link', { name: '存储' }).getAttribute('href')).toBe('/storage');
    expect(screen.getByRole('link', { name: '视频' }).getAttribute('href')).toBe('/video');
    expect(screen.getByRole('link', { name: '更多' }).closest('li')?.className).toContain('has-drop');
    expect(screen.getByRole('link', { name: '存储' }).closest('li')?.className).not.toContain('has-drop');
  });

  it('shows login/register and points the icon at /login when nobody is logged in', () => {
    renderAt('/');
    expect(screen.getByRole('link', { name: '会员登录' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: '登录' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: '注册' })).toBeTruthy();
  });

  it('shows the member name and points the icon at /user when logged in', async () => {
    window.localStorage.setItem(
      'SMBData',
      JSON.stringify({ id: 3, stoken: 'x', username: '张三', avatar: '' }),
    );
    renderAt('/');
    expect(await screen.findByRole('button', { name: '张三' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '用户中心' }).getAttribute('href')).toBe('/user');
    expect(screen.queryByRole('link', { name: '登录' })).toBeNull();
  });

  it('opens a member menu with 用户中心 and 退出登录; logging out clears SMBData and goes to /login', async () => {
    window.localStorage.setItem(
      'SMBData',
      JSON.stringify({ id: 3, stoken: 'x', username: '张三', avatar: '' }),
    );
    // The lazily loaded HTTP client is replaced by one that records the call (no server here).
    const sent: string[] = [];
    vi.doMock('@portal/api-client/http', () => ({
      createBrowserApi: () => ({
        member_logout: async () => {
          sent.push('member_logout');
          return { code: 0, msg: '退出成功', data: null };
        },
      }),
    }));
    renderAt('/');
    const name = await screen.findByRole('button', { name: '张三' });
    expect(name.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('button', { name: '退出登录' })).toBeNull();
    fireEvent.click(name);
    expect(name.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('link', { name: '用户中心' }).map((a) => a.getAttribute('href'))).toEqual([
      '/user',
      '/user',
    ]);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: '退出登录' })));
    expect(await screen.findByText('登录页')).toBeTruthy();
    expect(sent).toEqual(['member_logout']);
    expect(window.localStorage.getItem('SMBData')).toBeNull();
    expect(await screen.findByRole('link', { name: '登录' })).toBeTruthy();
    vi.doUnmock('@portal/api-client/http');
  });

  it('ignores an empty search and searches a keyword', async () => {
    renderAt('/');
    const box = screen.getByRole('textbox', { name: '搜索关键词' });
    fireEvent.change(box, { target: { value: '   ' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: '搜索' })));
    expect(screen.queryByText('搜索结果页')).toBeNull();
    fireEvent.change(box, { target: { value: '存储' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: '搜索' })));
    expect(await screen.findByText('搜索结果页')).toBeTruthy();
  });

  it('disables the search box on /search', () => {
    renderAt('/search?data=%E5%AD%98%E5%82%A8');
    const box = screen.getByRole('textbox', { name: '搜索关键词' }) as HTMLInputElement;
    expect(box.disabled).toBe(true);
    expect(box.value).toBe('存储');
  });
});
