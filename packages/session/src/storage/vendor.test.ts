import { afterEach, describe, expect, it } from 'vitest';
import { clearVendorUserId, getVendorUserId, setVendorUserId } from './vendor';

afterEach(() => sessionStorage.clear());

describe('vendor phone session', () => {
  it('keeps user_id in session storage, not local storage', () => {
    expect(getVendorUserId()).toBeNull();
    setVendorUserId('u-123');
    expect(sessionStorage.getItem('user_id')).toBe('u-123');
    expect(localStorage.getItem('user_id')).toBeNull();
    expect(getVendorUserId()).toBe('u-123');
  });

  it('stores numeric ids as text and clears them', () => {
    setVendorUserId(42);
    expect(getVendorUserId()).toBe('42');
    clearVendorUserId();
    expect(getVendorUserId()).toBeNull();
  });

  it('rejects an empty id', () => {
    expect(() => setVendorUserId(' ')).toThrow(TypeError);
    expect(getVendorUserId()).toBeNull();
  });
});
