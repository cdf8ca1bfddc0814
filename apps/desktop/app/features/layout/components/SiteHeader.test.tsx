import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
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
    { path: '/search', Component: () => <><SiteHeader categories={categories} adv={null} /><p>搜索结果页</p></> },
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
    window.localStorage.setItem('SMBData', JSON.stringify({ id: 3, stoken: 'x', username: '张三', avatar: '' }));
    renderAt('/');
    expect(await screen.findByRole('link', { name: '张三' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '用户中心' }).getAttribute('href')).toBe('/user');
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
