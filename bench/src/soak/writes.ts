/**
 * The five kinds of write the crash rounds keep in flight, each with a key that finds it in the
 * database afterwards: member registrations (username), vendor leads (mobile), activity form
 * submissions (source), column articles of the demo member (title) and article page views (counted).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import { SURVEY_QUESTIONS } from '@portal/api-client/constants';
import { call, type Client } from './client';
import { ROOT } from '../proc';

export const WRITE_KINDS = ['registration', 'lead', 'form', 'article', 'pageview'] as const;
export type WriteKind = (typeof WRITE_KINDS)[number];

export interface Write {
  kind: WriteKind;
  key: string;
}

/** The demo member's session and column (article writes) and the article whose views are counted. */
export interface WriteContext {
  member: { stoken: string; member_id: number };
  channel: number;
  category: number;
  articleId: number;
}

/** A unique phone per write: 17 + 9 digits from the run tag and sequence. */
const phone = (tag: number, seq: number) =>
  `17${String(tag % 100).padStart(2, '0')}${String(seq).padStart(7, '0')}`;

/** Sends write number `seq` (its kind cycles); resolves to the write when the server acknowledged it. */
export async function sendWrite(
  client: Client,
  ctx: WriteContext,
  tag: number,
  seq: number,
): Promise<Write | null> {
  const kind = WRITE_KINDS[seq % WRITE_KINDS.length]!;
  const key = `s${tag}x${seq}`;
  let code: number;
  switch (kind) {
    case 'registration':
      code = (
        await call(client, 'member_register', {
          username: key,
          mobile: phone(tag, seq),
          email: `${key}@example.com`,
          company: '压测公司',
          industry: 1,
          position: 1,
          department: 1,
          province: '北京市',
          city: '北京市',
          address: '海淀区',
          company_people: '26-99',
          password: 'soak-pass-123',
        })
      ).code;
      return code === 0 ? { kind, key } : failed(kind, code);
    case 'lead': {
      const mobile = phone(tag + 50, seq);
      code = (
        await call(client, 'vendor_register', {
          name: '压测',
          mobile,
          email: `${key}@example.com`,
          company: '压测公司',
          department: '信息部',
          position: '经理',
          meetName: '压测大会',
          question: JSON.stringify(SURVEY_QUESTIONS.map((q) => ({ title: q.title, answer: q.choices[0] }))),
          meet_id: 0,
        })
      ).code;
      return code === 0 ? { kind, key: mobile } : failed(kind, code);
    }
    case 'form':
      code = (
        await call(client, 'form_register', {
          activity_id: 1,
          source: key,
          content: JSON.stringify({
            name: '压测',
            mobile: phone(tag + 70, seq),
            email: `${key}@example.com`,
            company: '压测公司',
            position: 1,
            company_size: 1,
            interest: [2],
            province: '北京市',
            city: '北京市',
          }),
          other: '{}',
          privacy: true,
        })
      ).code;
      return code === 0 ? { kind, key } : failed(kind, code);
    case 'article':
      code = (
        await call(client, 'space_add_article', {
          ...ctx.member,
          title: key,
          channel: ctx.channel,
          category: ctx.category,
          content: `<p>压测文章 ${key}</p>`,
          is_push: 0,
          draft: 1,
        })
      ).code;
      return code === 0 ? { kind, key } : failed(kind, code);
    case 'pageview':
      code = (await call(client, 'article_pv', { id: ctx.articleId })).code;
      return code === 0 ? { kind, key: String(ctx.articleId) } : failed(kind, code);
  }
}

/** Refusals are reported, not counted as acknowledged (the soak stops when one kind is always refused). */
export const refusals = new Map<string, number>();
function failed(kind: WriteKind, code: number): null {
  const k = `${kind}:${code}`;
  refusals.set(k, (refusals.get(k) ?? 0) + 1);
  return null;
}

/** Read access to the database the server wrote, to find acknowledged writes. */
export interface Store {
  present(kind: Exclude<WriteKind, 'pageview'>, keys: string[]): Promise<Set<string>>;
  views(articleId: number): Promise<number>;
  /** SQLite: PRAGMA integrity_check; PostgreSQL: 'ok' when every table can be read. */
  integrity(): Promise<string>;
  close(): Promise<void>;
}

const LOOKUP: Record<Exclude<WriteKind, 'pageview'>, { table: string; column: string }> = {
  registration: { table: 'members', column: 'username' },
  lead: { table: 'vendor_leads', column: 'mobile' },
  form: { table: 'form_submissions', column: 'source' },
  article: { table: 'column_articles', column: 'title' },
};

/** Keys per query: well under SQLite's and PostgreSQL's parameter limits. */
const CHUNK = 500;

interface SqliteDb {
  prepare(sql: string): {
    all(...p: unknown[]): Record<string, unknown>[];
    get(...p: unknown[]): Record<string, unknown> | undefined;
  };
  close(): void;
}

export function openStore(dataDir: string, databaseUrl: string | undefined): Store {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    return {
      async present(kind, keys) {
        const { table, column } = LOOKUP[kind];
        const found = new Set<string>();
        for (let i = 0; i < keys.length; i += CHUNK) {
          const rows = await pool.query<{ k: string }>(
            `select ${column} as k from ${table} where ${column} = any($1)`,
            [keys.slice(i, i + CHUNK)],
          );
          for (const r of rows.rows) found.add(r.k);
        }
        return found;
      },
      async views(id) {
        const r = await pool.query<{ pv: string }>('select pv from articles where id = $1', [id]);
        return Number(r.rows[0]?.pv ?? 0);
      },
      async integrity() {
        for (const { table } of Object.values(LOOKUP)) await pool.query(`select count(*) from ${table}`);
        return 'ok';
      },
      close: () => pool.end(),
    };
  }
  const requireFromApi = createRequire(path.join(ROOT, 'apps/api/package.json'));
  const Database = requireFromApi('better-sqlite3') as new (
    file: string,
    o: { readonly: boolean },
  ) => SqliteDb;
  const db = new Database(path.join(dataDir, 'portal.db'), { readonly: true });
  return {
    async present(kind, keys) {
      const { table, column } = LOOKUP[kind];
      const found = new Set<string>();
      for (let i = 0; i < keys.length; i += CHUNK) {
        const part = keys.slice(i, i + CHUNK);
        const rows = db
          .prepare(
            `select ${column} as k from ${table} where ${column} in (${part.map(() => '?').join(',')})`,
          )
          .all(...part);
        for (const r of rows) found.add(String(r.k));
      }
      return found;
    },
    async views(id) {
      return Number(db.prepare('select pv from articles where id = ?').get(id)?.pv ?? 0);
    },
    async integrity() {
      return db
        .prepare('pragma integrity_check')
        .all()
        .map((r) => String(Object.values(r)[0]))
        .join('; ');
    },
    close: async () => db.close(),
  };
}
