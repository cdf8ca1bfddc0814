// @vitest-environment node
import { describe, expect, it } from 'vitest';
import * as storage from './index';
import { createStore, restoreMember, signOut } from './store';

describe('on the server (no window)', () => {
  it('imports and answers without touching browser APIs', () => {
    expect(typeof window).toBe('undefined');
    expect(storage.loadMember()).toBeNull();
    expect(storage.getVendorUserId()).toBeNull();
    expect(storage.getConsent()).toBeNull();
    expect(storage.shouldCountView(1, Date.now())).toBe(false);
    expect(() => {
      storage.clearMember();
      storage.setConsent('allow');
      storage.recordView(1, 1);
      storage.setVendorUserId('x');
    }).not.toThrow();
  });

  it('creates a fresh store per request', () => {
    const a = createStore({ member: { id: 1, stoken: 's', username: 'a', avatar: '' } });
    const b = createStore();
    expect(a.getState().member?.id).toBe(1);
    expect(b.getState().member).toBeNull();
    a.dispatch(restoreMember());
    expect(a.getState().member).toBeNull();
    b.dispatch(signOut());
    expect(b.getState().member).toBeNull();
  });
});
