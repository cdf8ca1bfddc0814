// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showToast } from './toast';

afterEach(() => {
  vi.useRealTimers();
  document.getElementById('ui-toasts')?.remove();
});

describe('showToast', () => {
  it('stacks messages in one live region, errors and warnings as alerts, and removes each after its time', () => {
    vi.useFakeTimers();
    showToast('保存成功', 'success');
    showToast('请先登录', 'warning', 5000);
    const host = document.getElementById('ui-toasts');
    expect(host?.getAttribute('aria-live')).toBe('polite');
    const toasts = Array.from(host?.querySelectorAll('.toast') ?? []);
    expect(toasts.map((t) => [t.textContent, t.className, t.getAttribute('role')])).toEqual([
      ['保存成功', 'toast toast--success', 'status'],
      ['请先登录', 'toast toast--warning', 'alert'],
    ]);
    vi.advanceTimersByTime(3000);
    expect(Array.from(host?.querySelectorAll('.toast') ?? []).map((t) => t.textContent)).toEqual([
      '请先登录',
    ]);
    vi.advanceTimersByTime(2000);
    expect(host?.querySelectorAll('.toast')).toHaveLength(0);
  });
});
