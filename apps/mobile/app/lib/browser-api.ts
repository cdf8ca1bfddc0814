import type { Api, Envelope } from '@portal/api-client';
import { memberApi } from '@portal/session';
import { isOk } from '@portal/api-client/envelope';

/**
 * One call from the browser through @portal/session's member client, which loads on first use (the
 * first endless-list scroll or a member action), so read-only pages ship no axios in their
 * first-load JavaScript (DESIGN.md section 6). A non-zero code rejects (the endless list then
 * unlocks for a retry).
 */
export async function call<T>(send: (api: Api) => Promise<Envelope<T>>): Promise<T> {
  const res = await send(await memberApi());
  if (!isOk(res)) throw new Error(res.msg);
  return res.data;
}
