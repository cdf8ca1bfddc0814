import { STORAGE_KEY } from '@portal/api-client/constants';
import { clearMember, loadMember } from '@portal/session';

/**
 * 退出登录 (spec section 4): tells the server (member_logout), then removes the member from SMBData
 * and, through a same-tab storage event, from the session store and the header. The HTTP client is
 * loaded here, on click, so read-only pages keep axios out of their first load.
 */
export async function logoutMember(): Promise<{ code: number; msg: string }> {
  let res = { code: 0, msg: '' };
  if (loadMember()) {
    const { createBrowserApi } = await import('@portal/api-client/http');
    // An expired session (10001) is logged out all the same: the local data goes either way.
    res = await createBrowserApi({ getMember: loadMember }).member_logout({});
  }
  clearMember();
  window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEY.member }));
  return res;
}
