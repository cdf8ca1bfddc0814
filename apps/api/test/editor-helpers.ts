import { ADMIN_SESSION_COOKIE, CSRF_HEADER, type EditorRole } from '@portal/api-client/admin';
import { runAdmin } from '../src/admin/commands';
import type { TestApp } from './helpers';

/** A signed-in back-office session: its cookie header and CSRF token. */
export interface EditorSession {
  cookie: string;
  csrf: string;
}

export const EDITOR_PASSWORD = 'newsroom-pass-1';

/** Adds an editor with `pnpm admin editor add` and signs them in. */
export async function editorSession(t: TestApp, username: string, role: EditorRole): Promise<EditorSession> {
  const code = await runAdmin(
    ['editor', 'add', username, '--role', role, '--password', EDITOR_PASSWORD],
    t.app.database,
    { out: () => {}, err: () => {} },
  );
  if (code !== 0) throw new Error(`could not add editor ${username}`);
  const res = await t.inject({
    method: 'POST',
    url: '/admin/api/session',
    payload: { username, password: EDITOR_PASSWORD },
  });
  const cookie = res.cookies.find((c) => c.name === ADMIN_SESSION_COOKIE);
  if (res.statusCode !== 200 || !cookie) throw new Error(`could not sign in ${username}: ${res.body}`);
  return {
    cookie: `${ADMIN_SESSION_COOKIE}=${cookie.value}`,
    csrf: (res.json() as { csrfToken: string }).csrfToken,
  };
}

/** One call of /admin/api as `who`, with the CSRF header on state-changing methods. */
export function adminCall(
  t: TestApp,
  who: EditorSession,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  const headers: Record<string, string> = { cookie: who.cookie };
  if (method !== 'GET') headers[CSRF_HEADER] = who.csrf;
  return t.inject({ method, url: `/admin/api${url}`, headers, ...(payload ? { payload } : {}) });
}
