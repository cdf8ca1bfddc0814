import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll } from 'vitest';
import type { EditorRole } from '@portal/api-client/admin';
import type { Dialect } from '../src/db';
import { adminCall, editorSession, type EditorSession } from './editor-helpers';
import { useTestApp, type TestApp } from './helpers';
import { insertMemberFixtures } from './member-helpers';

export const ROLES = ['admin', 'editor', 'reviewer'] as const satisfies readonly EditorRole[];

/** A test app with one signed-in editor of each role: the back office as its tests use it. */
export interface Newsroom {
  /** The app: usable once the describe block's beforeAll has started it. */
  t: TestApp;
  /** Each role's session: filled in by the describe block's beforeAll. */
  who: Record<EditorRole, EditorSession>;
  /** One /admin/api call as `as` (null: without a session); `csrf` false leaves the token out. */
  call(
    as: EditorSession | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: InjectOptions['payload'],
    csrf?: boolean,
  ): Promise<LightMyRequestResponse>;
}

/**
 * The enclosing describe block's app (see useTestApp) with an editor of each role under `names`,
 * signed in. The sessions it returns may be taken apart at once: they are filled in when the
 * block starts.
 */
export function newsroom(
  dialect: Dialect,
  setup: (app: FastifyInstance) => Promise<void>,
  names: Record<EditorRole, string>,
): Newsroom {
  const t = useTestApp(dialect, setup);
  const blank = () => ({ cookie: '', csrf: '' });
  const who = { admin: blank(), editor: blank(), reviewer: blank() };
  beforeAll(async () => {
    for (const role of ROLES) Object.assign(who[role], await editorSession(t, names[role], role));
  });
  return {
    t,
    who,
    call: (as, method, url, payload, csrf = true) => adminCall(t, as, method, url, payload, { csrf }),
  };
}

/** The admin API tests' newsroom: member fixtures and vendor meet 7; editors chief, writer and checker. */
export const adminApiRoom = (dialect: Dialect): Newsroom =>
  newsroom(
    dialect,
    async (app) => {
      await insertMemberFixtures(app.database);
      await app.database.db
        .insertInto('vendor_meets')
        .values({ id: 7, name: '企业 ERP 选型会', data: '{}' })
        .execute();
    },
    { admin: 'chief', editor: 'writer', reviewer: 'checker' },
  );
