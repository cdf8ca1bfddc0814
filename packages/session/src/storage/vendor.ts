import { STORAGE_KEY } from '@portal/api-client/constants';
import { readItem, removeItem, writeItem } from './browser';

/** The vendor landing phone session (spec section 3): user_id in session storage, gone when the tab closes. */
export function getVendorUserId(): string | null {
  const value = readItem('sessionStorage', STORAGE_KEY.vendorUser);
  return value ? value : null;
}

export function setVendorUserId(userId: string | number): void {
  const value = String(userId).trim();
  if (value === '') throw new TypeError('setVendorUserId needs a non-empty user_id');
  writeItem('sessionStorage', STORAGE_KEY.vendorUser, value);
}

export function clearVendorUserId(): void {
  removeItem('sessionStorage', STORAGE_KEY.vendorUser);
}
