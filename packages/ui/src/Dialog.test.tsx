// @vitest-environment jsdom
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog';
import { Dialog } from './Dialog';

afterEach(cleanup);

function Harness({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        打开
      </button>
      <Dialog
        open={open}
        title="手机号登录"
        width="35%"
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
        footer={<span>底部</span>}
      >
        <input placeholder="请输入手机号" />
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('is named by its title, takes the focus to its first field and gives it back on close', () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: '打开' });
    opener.focus();
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: '手机号登录' });
    expect(document.activeElement).toBe(screen.getByPlaceholderText('请输入手机号'));
    expect(dialog.style.getPropertyValue('--dialog-width')).toBe('35%');
    expect(dialog.querySelector('.dialog__foot')?.textContent).toBe('底部');
    expect(document.body.style.overflow).toBe('hidden');

    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.body.style.overflow).toBe('');
  });

  it('closes on Escape and on a press on the backdrop, not on a press inside', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: '打开' }));
    fireEvent.mouseDown(screen.getByPlaceholderText('请输入手机号'));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(screen.getByPlaceholderText('请输入手机号'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '打开' }));
    fireEvent.mouseDown(screen.getByRole('dialog'));
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps its content in the document while closed (links stay crawlable)', () => {
    render(
      <Dialog open={false} title="往期回顾" onClose={() => {}}>
        <a href="/it_report/1">第1期</a>
      </Dialog>,
    );
    expect(document.querySelector('a[href="/it_report/1"]')).not.toBeNull();
  });
});

describe('ConfirmDialog', () => {
  it('asks the message and answers 确定 or 取消', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<ConfirmDialog open message="确定删除吗？" onConfirm={onConfirm} onCancel={onCancel} />);
    const dialog = screen.getByRole('dialog', { name: '提示' });
    expect(dialog.textContent).toContain('确定删除吗？');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
