import { loadMember, memberApi, signOutMember } from '@portal/session';

/**
 * 退出登录 (spec section 4): tells the server (member_logout), then removes the member from SMBData
 * and, through a same-tab storage event, from the session store and the header. The HTTP client is
 * loaded here, on click, so read-only pages keep axios out of their first load.
 */
export async function logoutMember(): Promise<{ code: number; msg: string }> {
  let res = { code: 0, msg: '' };
  // An expired session (10001) is logged out all the same: the local data goes either way.
  if (loadMember()) res = await (await memberApi()).member_logout({});
  signOutMember();
  return res;
}
