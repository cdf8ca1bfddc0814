// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_MESSAGES, ErrorCode } from '@portal/api-client/codes';
import { expireSession, onSessionExpired, signOutMember } from './member-client';

const member = { id: 3, stoken: 'st-3', username: '演示会员', avatar: '' };

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('expireSession (10001, spec sections 4 and 8)', () => {
  it('removes SMBData, tells this tab, and hands the server message to the app once', () => {
    localStorage.setItem('SMBData', JSON.stringify(member));
    const seen: string[] = [];
    const onStorage = vi.fn();
    window.addEventListener('storage', onStorage);
    const off = onSessionExpired((msg) => seen.push(msg));
    try {
      expireSession(ERROR_MESSAGES[ErrorCode.SessionInvalid]);
      // Concurrent calls answering 10001 too: nobody is logged in any more, so nothing happens twice.
      expireSession(ERROR_MESSAGES[ErrorCode.SessionInvalid]);
    } finally {
      off();
      window.removeEventListener('storage', onStorage);
    }
    expect(localStorage.getItem('SMBData')).toBeNull();
    expect(seen).toEqual(['无效的会话，或者会话已过期，请重新登录。']);
    expect(onStorage).toHaveBeenCalledTimes(1);
  });

  it('uses the spec message when the server sent none', () => {
    localStorage.setItem('SMBData', JSON.stringify(member));
    const seen: string[] = [];
    const off = onSessionExpired((msg) => seen.push(msg));
    expireSession('');
    off();
    expect(seen).toEqual([ERROR_MESSAGES[ErrorCode.SessionInvalid]]);
  });

  it('signOutMember clears SMBData and notifies this tab', () => {
    localStorage.setItem('SMBData', JSON.stringify(member));
    const onStorage = vi.fn();
    window.addEventListener('storage', onStorage);
    signOutMember();
    window.removeEventListener('storage', onStorage);
    expect(localStorage.getItem('SMBData')).toBeNull();
    expect(onStorage).toHaveBeenCalledTimes(1);
  });
});
