import { useCallback, useState } from 'react';
import type { VendorAsset } from '@portal/api-client';
import { ErrorCode } from '@portal/api-client/codes';
import { clearVendorUserId, getVendorUserId, publicApi } from '@portal/session';
import { showToast } from '@portal/ui';
import { meetPayload } from '../meets';
import { isOk } from '@portal/api-client/envelope';
import { openAsset } from '../openAsset';

export type GateDialog = 'none' | 'login' | 'register';

/** Codes meaning the stored user_id is no longer accepted: log in again. */
const STALE_SESSION = new Set<number>([
  ErrorCode.VendorUnregistered,
  ErrorCode.SessionInvalid,
  ErrorCode.NotFound,
  ErrorCode.Forbidden,
  ErrorCode.Validation,
]);

/**
 * The landing gate (spec section 4): without a user_id an asset click opens phone login and
 * remembers the asset; with one the access (meet and asset) is logged and the asset opens in this tab. After a
 * successful login the remembered asset opens.
 */
export function useAssetGate(meetId: number, meetName: string) {
  const [dialog, setDialog] = useState<GateDialog>('none');
  const [pending, setPending] = useState<VendorAsset | null>(null);
  const [mobile, setMobile] = useState('');

  const access = useCallback(
    async (asset: VendorAsset, userId: string) => {
      const api = await publicApi();
      const res = await api.vendor_log({
        meetName,
        user_id: userId,
        asset: asset.url,
        ...meetPayload(meetId),
      });
      if (isOk(res)) {
        openAsset(asset.url);
        return;
      }
      if (STALE_SESSION.has(res.code)) {
        clearVendorUserId();
        setPending(asset);
        setDialog('login');
        return;
      }
      showToast(res.msg, 'error');
    },
    [meetId, meetName],
  );

  const open = useCallback(
    (asset: VendorAsset) => {
      const userId = getVendorUserId();
      if (!userId) {
        setPending(asset);
        setDialog('login');
        return;
      }
      void access(asset, userId);
    },
    [access],
  );

  return {
    dialog,
    mobile,
    pending,
    open,
    close: () => setDialog('none'),
    loggedIn: (userId: string) => {
      setDialog('none');
      const asset = pending;
      setPending(null);
      if (asset) void access(asset, userId);
    },
    unregistered: (phone: string) => {
      setMobile(phone);
      setDialog('register');
    },
    backToLogin: () => setDialog('login'),
    registered: (phone: string) => {
      setMobile(phone);
      setDialog('login');
    },
  };
}
