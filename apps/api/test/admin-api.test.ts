import { describe, expect, it } from 'vitest';
import { ADMIN_SESSION_COOKIE, ADMIN_SESSION_IDLE_MS, CSRF_HEADER } from '@portal/api-client/admin';
import { ErrorCode } from '@portal/api-client/codes';
import { ADMIN_LOGIN_LIMITS } from '../src/routes/admin/session';
import { addEditor, adminLogin, articleDraft, cli, signIn, type EditorSession } from './editor-helpers';
import { DIALECTS } from './helpers';
import { newMember } from './member-helpers';
import { adminApiRoom } from './newsroom';

/** The back office's sessions, CSRF and role checks. */
describe.each(DIALECTS)('admin API on %s', (dialect) => {
  const { t, who, call } = adminApiRoom(dialect);
  const { admin, editor, reviewer } = who;

  describe('sessions', () => {
    it('signs in with an httpOnly, SameSite=Strict cookie scoped to /admin, and answers GET /session', async () => {
      const res = await adminLogin(t, 'writer');
      const cookie = res.cookies.find((c) => c.name === ADMIN_SESSION_COOKIE)!;
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/admin' });
      expect(res.json()).toMatchObject({
        user: { username: 'writer', role: 'editor' },
        csrfToken: expect.any(String),
      });
      const me = await call(editor, 'GET', '/session');
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({
        user: { username: 'writer', role: 'editor' },
        csrfToken: editor.csrf,
      });
    });

    it('refuses a wrong password and an unknown user alike, and a missing session', async () => {
      const wrong = await adminLogin(t, 'writer', 'not-the-password');
      const unknown = await adminLogin(t, 'nobody', 'not-the-password');
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual(unknown.json());
      expect((await call(null, 'GET', '/session')).statusCode).toBe(401);
      expect((await call(null, 'GET', '/articles')).statusCode).toBe(401);
    });

    it('logs out (with the CSRF token) and the cookie stops working', async () => {
      const s = await signIn(t, 'writer');
      expect((await call(s, 'DELETE', '/session', undefined, false)).statusCode).toBe(403);
      expect((await call(s, 'DELETE', '/session')).statusCode).toBe(204);
      expect((await call(s, 'GET', '/session')).statusCode).toBe(401);
    });

    it('expires after 8 hours without a request', async () => {
      const s = await signIn(t, 'writer');
      await t.app.database.db
        .updateTable('editor_sessions')
        .set({ last_seen_at: Date.now() - ADMIN_SESSION_IDLE_MS - 1000 })
        .where('csrf_token', '=', s.csrf)
        .execute();
      expect((await call(s, 'GET', '/session')).statusCode).toBe(401);
    });

    it('disabling an editor ends their sessions at once; enabling does not revive them', async () => {
      await addEditor(t, 'temp', 'editor');
      const s = await signIn(t, 'temp');
      expect((await call(s, 'GET', '/articles')).statusCode).toBe(200);
      expect((await cli(t, 'editor', 'disable', 'temp')).code).toBe(0);
      expect((await call(s, 'GET', '/articles')).statusCode).toBe(401);
      expect((await adminLogin(t, 'temp')).statusCode).toBe(401);
      await cli(t, 'editor', 'enable', 'temp');
      expect((await call(s, 'GET', '/articles')).statusCode).toBe(401);
    });

    it('limits login failures per account even when 50 guesses arrive at once', async () => {
      await addEditor(t, 'target', 'editor');
      const results = await Promise.all(
        Array.from({ length: 50 }, () => adminLogin(t, 'target', 'wrong-password-x')),
      );
      const evaluated = results.filter((r) => r.statusCode === 401).length;
      expect(evaluated).toBeLessThanOrEqual(ADMIN_LOGIN_LIMITS.perPair);
      expect(results.filter((r) => r.statusCode === 429).length).toBe(50 - evaluated);
      // The right password is refused too from that address (its pair with the account is locked;
      // admin-login.test.ts signs in from another one).
      expect((await adminLogin(t, 'target')).statusCode).toBe(429);
    });

    it('keeps member and editor identities apart', async () => {
      const m = await newMember(t);
      // A member's stoken is no admin session…
      const res = await t.inject({
        method: 'GET',
        url: `/admin/api/articles?stoken=${m.identity.stoken}&member_id=${m.id}`,
      });
      expect(res.statusCode).toBe(401);
      // …and an editor cookie is no member session.
      const member = await t.inject({
        method: 'POST',
        url: '/api/check_space',
        headers: { authorization: `Bearer ${t.token}`, cookie: admin.cookie },
        payload: { id: m.id },
      });
      expect(member.json()).toMatchObject({ code: ErrorCode.SessionInvalid });
    });
  });

  describe('CSRF and roles', () => {
    it('refuses a state-changing call without the CSRF header or with another session’s', async () => {
      expect((await call(editor, 'POST', '/articles', articleDraft(), false)).statusCode).toBe(403);
      const forged = await t.inject({
        method: 'POST',
        url: '/admin/api/articles',
        headers: { cookie: editor.cookie, [CSRF_HEADER]: reviewer.csrf },
        payload: articleDraft(),
      });
      expect(forged.statusCode).toBe(403);
    });

    const roleOf = (who: EditorSession) => (who === admin ? 'admin' : who === editor ? 'editor' : 'reviewer');

    it('checks the role on the server for every kind of call', async () => {
      const matrix: [EditorSession, string, string, number][] = [
        [reviewer, 'GET', '/articles', 403],
        [reviewer, 'POST', '/articles', 403],
        [editor, 'GET', '/review/columns', 403],
        [editor, 'GET', '/leads?source=vendor&id=7', 403],
        [editor, 'GET', '/leads.csv?source=vendor&id=7', 403],
        [editor, 'GET', '/leads/1/phone?source=vendor&id=7&key=mobile', 403],
        // Subscribers' emails follow the leads permission, not the reports the editor writes.
        [editor, 'GET', '/reports/1/subscribers', 403],
        [editor, 'GET', '/reports/1/subscribers.csv', 403],
        [editor, 'GET', '/members', 403],
        [reviewer, 'GET', '/members', 200],
        // The newsletter send follows the reports' roles (admin, editor).
        [reviewer, 'GET', '/reports/1/send', 403],
        [reviewer, 'POST', '/reports/1/send', 403],
        [editor, 'GET', '/audit-log', 403],
        [reviewer, 'GET', '/audit-log', 403],
        [reviewer, 'GET', '/review/articles', 200],
        [reviewer, 'GET', '/leads?source=vendor&id=7', 200],
        [admin, 'GET', '/audit-log', 200],
        [admin, 'GET', '/articles', 200],
        // Reader statistics (issue 25): the newsroom's, not the reviewer's.
        [reviewer, 'GET', '/stats/overview', 403],
        [reviewer, 'GET', '/stats/articles?from=2026-01-01&to=2026-01-31', 403],
        [reviewer, 'GET', '/stats/articles/1', 403],
        [editor, 'GET', '/stats/overview', 200],
        [editor, 'GET', '/stats/articles?from=2026-01-01&to=2026-01-31', 200],
        [admin, 'GET', '/stats/overview', 200],
        // Sensitive words (issue 26): the dictionary is the admin's, the hits the admin's and reviewer's,
        // the article editor's check the writers'.
        [editor, 'GET', '/sensitive-words', 403],
        [reviewer, 'GET', '/sensitive-words', 403],
        [admin, 'GET', '/sensitive-words', 200],
        [editor, 'GET', '/sensitive-words/export', 403],
        [reviewer, 'GET', '/sensitive-words/export', 403],
        [admin, 'GET', '/sensitive-words/export', 200],
        [editor, 'POST', '/sensitive-words/import', 403],
        [reviewer, 'POST', '/sensitive-words/import', 403],
        [editor, 'GET', '/sensitive-hits', 403],
        [reviewer, 'GET', '/sensitive-hits', 200],
        [admin, 'GET', '/sensitive-hits', 200],
        [reviewer, 'POST', '/sensitive-words/check', 403],
        [editor, 'POST', '/sensitive-words/check', 200],
        // Complaints (issue 26): the queue is the admin's and the reviewer's.
        [editor, 'GET', '/complaints', 403],
        [reviewer, 'GET', '/complaints', 200],
        [admin, 'GET', '/complaints', 200],
        [editor, 'PUT', '/complaints/1', 403],
        [editor, 'GET', '/complaints/1', 403],
        [reviewer, 'PUT', '/sensitive-words/1', 403],
        [editor, 'DELETE', '/sensitive-words/1', 403],
        // The search push's queue and Baidu's quota (issue 26 §4): beside the article list, the writers'.
        [reviewer, 'GET', '/search-push', 403],
        [editor, 'GET', '/search-push', 200],
        [admin, 'GET', '/search-push', 200],
      ];
      for (const [who, method, url, status] of matrix) {
        const res = await call(who, method as 'GET', url, method === 'POST' ? articleDraft() : undefined);
        expect({ method, url, role: roleOf(who), status: res.statusCode }).toEqual({
          method,
          url,
          role: roleOf(who),
          status,
        });
      }
    });
  });
});
