import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { ADMIN_SESSION_COOKIE, CSRF_HEADER, type EditorRole } from '@portal/api-client/admin';
import { runAdmin } from '../src/admin/commands';
import { multipart, type FilePart, type TestApp } from './helpers';

/** A signed-in back-office session: its cookie header and CSRF token. */
export interface EditorSession {
  cookie: string;
  csrf: string;
}

export const EDITOR_PASSWORD = 'newsroom-pass-1';

/** Runs `pnpm admin …` on the app's database: its exit code and everything it printed. */
export async function cli(t: TestApp, ...argv: string[]): Promise<{ code: number; out: string }> {
  const out: string[] = [];
  const code = await runAdmin(argv, t.app.database, { out: (l) => out.push(l), err: (l) => out.push(l) });
  return { code, out: out.join('\n') };
}

/** Approves a column article with `pnpm admin approve article`; the id of the public article it became. */
export async function approveColumnArticle(t: TestApp, id: number): Promise<number> {
  const { code, out } = await cli(t, 'approve', 'article', String(id));
  if (code !== 0) throw new Error(`could not approve column article ${id}: ${out}`);
  const row = await t.app.database.db
    .selectFrom('column_articles')
    .select('article_id')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.article_id);
}

/** Adds an editor with `pnpm admin editor add` (`more`: further options, such as `--name`). */
export async function addEditor(
  t: TestApp,
  username: string,
  role: EditorRole,
  ...more: string[]
): Promise<void> {
  const { code, out } = await cli(
    t,
    'editor',
    'add',
    username,
    '--role',
    role,
    '--password',
    EDITOR_PASSWORD,
    ...more,
  );
  if (code !== 0) throw new Error(`could not add editor ${username}: ${out}`);
}

/** The back office's login request, with the headers a proxy adds and any further fields. */
export function adminLogin(
  t: TestApp,
  username: string,
  password = EDITOR_PASSWORD,
  { headers = {}, fields = {} }: { headers?: Record<string, string>; fields?: Record<string, unknown> } = {},
): Promise<LightMyRequestResponse> {
  return t.inject({
    method: 'POST',
    url: '/admin/api/session',
    headers,
    payload: { username, password, ...fields },
  });
}

/** The session a successful login answer carries. */
export function sessionOf(res: LightMyRequestResponse): EditorSession {
  const cookie = res.cookies.find((c) => c.name === ADMIN_SESSION_COOKIE);
  if (res.statusCode !== 200 || !cookie) throw new Error(`sign-in refused (${res.statusCode}): ${res.body}`);
  return {
    cookie: `${ADMIN_SESSION_COOKIE}=${cookie.value}`,
    csrf: (res.json() as { csrfToken: string }).csrfToken,
  };
}

/** Signs in an editor who exists already. */
export async function signIn(
  t: TestApp,
  username: string,
  password = EDITOR_PASSWORD,
): Promise<EditorSession> {
  return sessionOf(await adminLogin(t, username, password));
}

/** Adds an editor with `pnpm admin editor add` and signs them in. */
export async function editorSession(t: TestApp, username: string, role: EditorRole): Promise<EditorSession> {
  await addEditor(t, username, role);
  return signIn(t, username);
}

/** The cookie and CSRF headers of a state-changing call as `who`. */
export const writeHeaders = (who: EditorSession): Record<string, string> => ({
  cookie: who.cookie,
  [CSRF_HEADER]: who.csrf,
});

export interface AdminCallOptions {
  /** false leaves the CSRF header out (to see the call refused). */
  csrf?: boolean;
  headers?: Record<string, string>;
}

/**
 * One call of /admin/api as `who` (null: without a session), with the CSRF header on
 * state-changing methods.
 */
export function adminCall(
  t: TestApp,
  who: EditorSession | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: InjectOptions['payload'],
  { csrf = true, headers = {} }: AdminCallOptions = {},
): Promise<LightMyRequestResponse> {
  const all: Record<string, string> = { ...headers };
  if (who) all.cookie = who.cookie;
  if (who && csrf && method !== 'GET') all[CSRF_HEADER] = who.csrf;
  return t.inject({
    method,
    url: `/admin/api${url}`,
    headers: all,
    ...(payload !== undefined ? { payload } : {}),
  });
}

/** POSTs one file to an /admin/api upload path (`/uploads`, `/media`) as a multipart body. */
export function adminUpload(
  t: TestApp,
  who: EditorSession | null,
  url: string,
  file: FilePart,
  options: Pick<AdminCallOptions, 'csrf'> = {},
): Promise<LightMyRequestResponse> {
  const { payload, headers } = multipart({}, file);
  return adminCall(t, who, 'POST', url, payload, { ...options, headers });
}

/** A back-office article as its form sends it (`over` replaces some fields). */
export const articleDraft = (over: Record<string, unknown> = {}) => ({
  title: '边缘计算落地中小企业',
  category: 'AI',
  content: '<p>边缘计算正在进入工厂与门店。</p><script>alert(1)</script>',
  description: '边缘计算的实践',
  keywords: '边缘计算,AI',
  author: '张记者',
  source: '本站原创',
  thumb: '',
  is_hot: true,
  is_recommend: false,
  ...over,
});
