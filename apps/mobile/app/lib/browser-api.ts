import { ErrorCode, type Api, type Envelope } from '@portal/api-client';
import { loadMember } from '@portal/session';

let pending: Promise<Api> | null = null;

/**
 * The browser's HTTP api, loaded on first use (the first endless-list scroll or a member action)
 * so read-only pages ship no axios in their first-load JavaScript (DESIGN.md section 6).
 */
export function browserApi(): Promise<Api> {
  pending ??= import('@portal/api-client/http').then(({ createBrowserApi }) =>
    createBrowserApi({
      getMember: loadMember,
      onSessionInvalid: () => {
        window.location.assign('/login');
      },
    }),
  );
  return pending;
}

/** One call from the browser; a non-zero code rejects (the endless list then unlocks for a retry). */
export async function call<T>(send: (api: Api) => Promise<Envelope<T>>): Promise<T> {
  const res = await send(await browserApi());
  if (res.code !== ErrorCode.Ok) throw new Error(res.msg);
  return res.data;
}
