// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { VendorMeet } from '@portal/api-client';
import { VendorPage } from './VendorPage';
import type * as Session from '@portal/session';

const api = {
  vendor_login: vi.fn(),
  vendor_register: vi.fn(),
  vendor_log: vi.fn(),
};
vi.mock('@portal/session', async (importOriginal) => ({
  ...(await importOriginal<typeof Session>()),
  publicApi: () => Promise.resolve(api),
}));
const openAsset = vi.fn();
vi.mock('../openAsset', () => ({ openAsset: (url: string) => openAsset(url) }));

const MEET: VendorMeet = {
  id: 1,
  name: '2025数智化转型峰会',
  hero: { title: '峰会', subtitle: '智启增长', banner: '', date: '2025年11月20日', place: '上海' },
  reports: [
    { title: '报告甲', description: '', thumb: '', url: '/uploads/a.pdf', kind: 'pdf' },
    { title: '报告乙', description: '', thumb: '', url: '/uploads/b.pdf', kind: 'pdf' },
  ],
  carousels: [],
};

/** The dialogs are lazy chunks: on a busy machine the first one takes more than findBy's default second. */
const SLOW = { timeout: 10_000 };

function fill(scope: HTMLElement, placeholder: string, value: string) {
  fireEvent.change(within(scope).getByPlaceholderText(placeholder), { target: { value } });
}

describe('vendor landing gate', () => {
  // The dialogs are lazy chunks: load them once up front so the flow below is not timed on module transforms.
  beforeAll(async () => {
    await Promise.all([import('./LoginDialog'), import('./RegisterDialog')]);
  });

  // A popup blocker: any window.open fails (as in iOS Safari or WeChat after an awaited call).
  const popup = vi.fn(() => null);
  const open = openAsset;
  beforeEach(() => {
    sessionStorage.clear();
    open.mockReset();
    popup.mockClear();
    window.open = popup as unknown as typeof window.open;
    for (const fn of Object.values(api)) fn.mockReset();
  });
  afterEach(cleanup);

  it('login → 10002 → registration (phone kept) → login → the remembered asset opens and is logged', async () => {
    api.vendor_login
      .mockResolvedValueOnce({ code: 10002, msg: '该手机号尚未注册，请先注册', data: null })
      .mockResolvedValueOnce({ code: 0, msg: '登录成功', data: { user_id: 'u-123' } });
    api.vendor_register.mockResolvedValueOnce({ code: 0, msg: '注册成功', data: null });
    api.vendor_log.mockResolvedValue({ code: 0, msg: '成功', data: null });
    render(<VendorPage meet={MEET} />);

    fireEvent.click(screen.getByText('报告乙'));
    const login = await screen.findByRole('dialog', { name: '手机号登录' }, SLOW);
    fill(login, '请输入手机号', '13800138000');
    fireEvent.click(within(login).getByRole('button', { name: '登录' }));

    const register = await screen.findByRole('dialog', { name: '注册后查看完整资料' }, SLOW);
    expect(api.vendor_login).toHaveBeenLastCalledWith({ mobile: '13800138000', meet_id: 1 });
    expect(within(register).getByPlaceholderText('请输入手机号')).toHaveProperty('value', '13800138000');
    fill(register, '请输入姓名', '张三');
    fill(register, '请输入工作邮箱', 'zhang@example.com');
    fill(register, '请输入公司名称', '示例');
    fill(register, '请输入所在部门', '信息部');
    fill(register, '请输入职位', 'CIO');
    const consents = register.querySelectorAll<HTMLInputElement>('.lp-consents input[type="checkbox"]');
    expect(consents).toHaveLength(3);
    expect(within(register).getByRole('link', { name: '《隐私声明》' }).getAttribute('href')).toBe(
      '/privacy',
    );
    fireEvent.click(within(register).getByRole('button', { name: '立即注册' }));
    expect(await within(register).findByText('请查看协议并勾选')).toBeTruthy();
    expect(api.vendor_register).not.toHaveBeenCalled();
    consents.forEach((c) => fireEvent.click(c));
    fireEvent.click(within(register).getByRole('button', { name: '立即注册' }));

    const again = await screen.findByRole('dialog', { name: '手机号登录' }, SLOW);
    expect(await screen.findByText('注册成功')).toBeTruthy();
    const sent = api.vendor_register.mock.calls[0][0];
    expect(sent).toMatchObject({ name: '张三', mobile: '13800138000', meetName: MEET.name, meet_id: 1 });
    expect(JSON.parse(sent.question)).toHaveLength(4);
    expect(within(again).getByPlaceholderText('请输入手机号')).toHaveProperty('value', '13800138000');

    fireEvent.click(within(again).getByRole('button', { name: '登录' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('/uploads/b.pdf'));
    expect(popup).not.toHaveBeenCalled();
    expect(api.vendor_log).toHaveBeenCalledWith({
      meetName: MEET.name,
      user_id: 'u-123',
      meet_id: 1,
      asset: '/uploads/b.pdf',
    });
    expect(sessionStorage.getItem('user_id')).toBe('u-123');
    expect(screen.queryByRole('dialog')).toBeNull();
  }, 20_000);

  it('with a user_id the access is logged and the asset opens at once; a refused user_id asks to log in again', async () => {
    sessionStorage.setItem('user_id', 'u-1');
    api.vendor_log
      .mockResolvedValueOnce({ code: 0, msg: '成功', data: null })
      .mockResolvedValueOnce({ code: 10007, msg: '请先使用手机号登录', data: null });
    render(<VendorPage meet={MEET} />);
    fireEvent.click(screen.getByText('报告甲'));
    await waitFor(() => expect(open).toHaveBeenCalledWith('/uploads/a.pdf'));
    expect(popup).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByText('报告乙'));
    expect(await screen.findByRole('dialog', { name: '手机号登录' }, SLOW)).toBeTruthy();
    expect(open).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem('user_id')).toBeNull();
  });
});
