/**
 * pnpm e2e:prod — the end-to-end subset against the production shape: `apps/gateway/dist/prod.js`
 * (what `npm run start:prod` runs after building) with NODE_ENV=production, real secrets and
 * SEED=demo, read through nginx like a reader would: home, an article, search, login, a member's
 * column article, a lead. On PostgreSQL and Redis when DATABASE_URL / REDIS_URL are set (as
 * .ci/run sets them: a fresh database and a key prefix of its own), SQLite and memory otherwise.
 * Prints one line per check and "N passed, N failed"; exits 1 when any failed. scripts/test.sh runs it.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freshPgDatabase } from '../proc';
import { startShape, type Shape } from './shape';
import { accessToken, api } from './traffic';

const PORT = Number(process.env.PROD_E2E_PORT ?? 8127);
let passed = 0;
let failed = 0;
function check(name: string, ok: boolean, detail = ''): void {
  if (ok) passed += 1;
  else failed += 1;
  console.log(`  ${ok ? '✓' : '✗'} ${name}${detail ? `: ${detail}` : ''}`);
}

async function page(shape: Shape, p: string, cookie = 'vw=1280'): Promise<{ status: number; html: string }> {
  const res = await fetch(new URL(p, shape.url), { headers: { cookie }, redirect: 'manual' });
  return { status: res.status, html: await res.text() };
}

async function run(shape: Shape): Promise<void> {
  const health = await fetch(new URL('/readyz', shape.url));
  const ready = (await health.json()) as Record<string, string>;
  check('/readyz through nginx', health.status === 200, JSON.stringify(ready));

  const home = await page(shape, '/');
  check('home (desktop)', home.status === 200 && home.html.includes('data-app="desktop"'), `${home.status}`);
  const phoneHome = await page(shape, '/', 'vw=390');
  check('home (phone)', phoneHome.status === 200 && phoneHome.html.includes('data-app="mobile"'));

  const token = await accessToken(shape.url);
  const list = await api<{ id: number; title: string }[]>(
    shape.url,
    'cate_list',
    { cat_id: 0, page: 1, pageSize: 1 },
    token,
  );
  const first = list.data[0]!;
  const article = await page(shape, `/news/${first.id}`);
  check('article page', article.status === 200 && article.html.includes(first.title), `/news/${first.id}`);
  const narrow = await page(shape, `/news/${first.id}`, 'vw=390');
  check('article: a phone is sent to its page (302)', narrow.status === 302);

  const keyword = '华为';
  const search = await page(shape, `/search?data=${encodeURIComponent(keyword)}`);
  check('search page', search.status === 200 && search.html.includes(keyword), `${search.status}`);

  const loginPage = await page(shape, '/login');
  check('login page', loginPage.status === 200);
  const login = await api<{ id: number; stoken: string }>(
    shape.url,
    'member_login',
    { username: 'demo', password: 'demo123456' },
    token,
  );
  check('member login (demo)', login.code === 0, `code ${login.code}`);

  // The demo member's approved column article is public: find it and read it.
  const columns = await fetch(new URL('/api/space_list', shape.url), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'x-stoken': login.data.stoken,
      'x-member-id': String(login.data.id),
    },
    body: JSON.stringify({ page: 1, pageSize: 20 }),
  });
  const mine = ((await columns.json()) as { data: { title: string; status: number }[] }).data ?? [];
  const approved = mine.find((a) => a.status === 3);
  check('column articles of the member', approved !== undefined, `${mine.length} articles`);
  if (approved) {
    const found = await api<{ list: { id: number; title: string }[] }>(
      shape.url,
      'search_list',
      { title: approved.title, page: 1, pageSize: 5 },
      token,
    );
    const hit = found.data.list.find((a) => a.title === approved.title);
    const read = hit ? await page(shape, `/news/${hit.id}`) : { status: 0, html: '' };
    check(
      'a column article, public',
      read.status === 200 && read.html.includes(approved.title),
      hit ? `/news/${hit.id}` : 'not found by search',
    );
  }

  const landing = await page(shape, '/vendor2025');
  check('vendor landing page', landing.status === 200 && landing.html.includes('data-app="landing"'));
  const meet = await api<{ name: string }>(shape.url, 'vendor_meet', { meet_id: 1 }, token);
  const phone = `139${String(Date.now()).slice(-8)}`;
  const lead = await api(
    shape.url,
    'vendor_register',
    {
      name: '生产形态测试',
      mobile: phone,
      email: `p${phone}@example.com`,
      company: '示例公司',
      department: '市场部',
      position: '经理',
      meetName: meet.data.name,
      meet_id: 1,
      question: '[]',
    },
    token,
  );
  check('a lead (vendor_register)', lead.code === 0, `code ${lead.code} ${lead.msg}`);

  const asset = /\/assets\/desktop\/[\w./-]+\.js/.exec(home.html)?.[0];
  const assetRes = asset ? await fetch(new URL(asset, shape.url)) : null;
  check(
    'hashed assets straight from nginx (immutable)',
    !!assetRes && assetRes.ok && (assetRes.headers.get('cache-control') ?? '').includes('immutable'),
    asset,
  );
}

async function main(): Promise<number> {
  const began = Date.now();
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-prod-e2e-'));
  const databaseUrl = process.env.DATABASE_URL
    ? await freshPgDatabase(process.env.DATABASE_URL, 'portal_prod_e2e')
    : '';
  let redisUrl = '';
  if (process.env.REDIS_URL) {
    const url = new URL(process.env.REDIS_URL);
    url.searchParams.set('keyPrefix', `prod-e2e:${randomBytes(6).toString('hex')}:`);
    redisUrl = url.toString();
  }
  console.log(
    `› e2e subset through nginx (start:prod) on ${databaseUrl ? 'PostgreSQL' : 'SQLite'}${redisUrl ? ' + Redis' : ''}`,
  );
  let shape: Shape | undefined;
  try {
    shape = await startShape({
      label: 'e2e',
      port: PORT,
      workers: 2,
      workerPortBase: PORT + 1000,
      dataDir: path.join(base, 'data'),
      runDir: path.join(base, 'run'),
      env: {
        NODE_ENV: 'production',
        // A test host: the SMS outbox stays, allowed by name as on a staging host.
        SMS_OUTBOX_IN_PRODUCTION: '1',
        SEED: 'demo',
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        TOKEN_SECRET: randomBytes(32).toString('hex'),
      },
    });
    await run(shape);
    const code = await shape.stop();
    check('clean stop (SIGTERM)', code === 0, `exit ${code}`);
  } catch (error) {
    check('ran to the end', false, (error as Error).stack ?? String(error));
  } finally {
    await shape?.stop();
    fs.rmSync(base, { recursive: true, force: true });
  }
  console.log(`e2e:prod ${Math.round((Date.now() - began) / 1000)} s`);
  console.log(`${passed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
