// The import boundaries fail lint (issue 12, "a deliberate cross-app import fails npm test"). Each case lints
// a probe module (through ESLint's lintText, as if it were at the given path) that imports a probe target
// written to a temporary folder inside the apps, so the test depends on no app file. Clean probes guard
// against a config that reports everything. Run by `npm test` (node --test scripts/).
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });
const PROBE = `__boundary_probe_${process.pid}__`;

/** Probe targets: real files, so the resolver classifies each import like a real one. */
const targets = {
  [`apps/mobile/app/${PROBE}/target.ts`]: 'export const target = 1;\n',
  [`apps/desktop/app/features/${PROBE}a/target.ts`]: 'export const target = 1;\n',
  [`apps/desktop/app/features/${PROBE}a/target.server.ts`]:
    'export const target = 1;\nexport type Target = number;\n',
  [`apps/desktop/app/features/shared/${PROBE}.ts`]: 'export const target = 1;\n',
  // Issue 24: a layer of the API each, a module of a would-be cycle, a message written once.
  [`apps/api/src/plugins/${PROBE}.ts`]: 'export const target = 1;\n',
  [`apps/api/src/repositories/${PROBE}.ts`]: 'export const target = 1;\n',
  [`apps/api/src/db/${PROBE}.ts`]: 'export const target = 1;\nexport type Target = number;\n',
  [`packages/ui/src/${PROBE}/a.ts`]: "import type { B } from './b';\nexport type A = B[];\n",
  [`packages/ui/src/${PROBE}/b.ts`]: 'export type B = number;\n',
  [`apps/landing/app/${PROBE}/message.ts`]: "export const notice = '探针消息只写一次';\n",
};

before(() => {
  for (const [path, code] of Object.entries(targets)) {
    mkdirSync(dirname(`${root}${path}`), { recursive: true });
    writeFileSync(`${root}${path}`, code);
  }
});

after(() => {
  // Remove the probe files, then the probe folders (never a folder of the app: only those named after PROBE).
  for (const path of Object.keys(targets)) {
    rmSync(`${root}${path}`, { force: true });
    const folder = dirname(`${root}${path}`);
    if (folder.includes(PROBE)) rmSync(folder, { recursive: true, force: true });
  }
});

/** Lints `code` as if it were the file at `path` (relative to the repo root) and returns the rule ids reported. */
async function ruleIds(path, code) {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return result.messages.map((message) => message.ruleId);
}

const BOUNDARY = 'boundaries/dependencies';
const SERVER_ONLY = '@typescript-eslint/no-restricted-imports';
const useTarget = 'export const probe = target;\n';

test('a desktop module importing from the mobile app fails lint', async () => {
  const ids = await ruleIds(
    `apps/desktop/app/${PROBE}/probe.ts`,
    `import { target } from '../../../mobile/app/${PROBE}/target';\n${useTarget}`,
  );
  assert.ok(ids.includes(BOUNDARY), `expected ${BOUNDARY}, got ${ids.join(', ') || 'nothing'}`);
});

test('an app importing another app by package name fails lint', async () => {
  const ids = await ruleIds(
    `apps/landing/app/${PROBE}/probe.ts`,
    `import target from 'mobile/server';\n${useTarget}`,
  );
  assert.ok(ids.includes(BOUNDARY), `got ${ids.join(', ') || 'nothing'}`);
});

test('a package importing an app fails lint', async () => {
  const ids = await ruleIds(
    `packages/ui/src/${PROBE}.ts`,
    `import { target } from '../../../apps/mobile/app/${PROBE}/target';\n${useTarget}`,
  );
  assert.ok(ids.includes(BOUNDARY), `got ${ids.join(', ') || 'nothing'}`);
});

test('a feature importing another feature fails lint; importing shared code does not', async () => {
  const probe = `apps/desktop/app/features/${PROBE}b/probe.ts`;
  const crossing = await ruleIds(probe, `import { target } from '../${PROBE}a/target';\n${useTarget}`);
  assert.deepEqual(crossing, [BOUNDARY]);
  const shared = await ruleIds(probe, `import { target } from '../shared/${PROBE}';\n${useTarget}`);
  assert.deepEqual(shared, []);
});

test('a component importing a .server module or a server-only entry fails lint; a type import does not', async () => {
  const probe = `apps/desktop/app/features/${PROBE}a/components/Probe.tsx`;
  const values = await ruleIds(
    probe,
    "import { target } from '../target.server';\nimport { serverApi } from '@portal/api-client/server';\nexport const probe = [target, serverApi];\n",
  );
  assert.deepEqual(values, [SERVER_ONLY, SERVER_ONLY]);
  const typeOnly = await ruleIds(
    probe,
    "import type { Target } from '../target.server';\nexport type Probe = Target;\n",
  );
  assert.deepEqual(typeOnly, []);
});

const PAGE_LITERAL = 'portal/no-page-literal';

test('a page path written as text fails lint (issue 24); one built by href, an API or upload path does not', async () => {
  const probe = `apps/desktop/app/features/${PROBE}a/components/Links.tsx`;
  const written = await ruleIds(
    probe,
    [
      "export const a = '/news/12';",
      'export const b = (id: number) => `/videoc?id=${id}`;',
      'export const c = (alias: string, id: number) => `/${alias}/news/${id}`;',
      "export const d = '/?tag=2';",
      'export const E = () => <a href="/">首页</a>;',
      '',
    ].join('\n'),
  );
  assert.deepEqual(written, [PAGE_LITERAL, PAGE_LITERAL, PAGE_LITERAL, PAGE_LITERAL, PAGE_LITERAL]);
  const built = await ruleIds(
    probe,
    [
      "import { href } from '@portal/routes';",
      'export const a = href.news(12);',
      'export const E = () => <a href={href.home()}>首页</a>;',
      "export const api = '/api/get_news';",
      'export const upload = (name: string) => `/uploads/${name}`;',
      "export const parts = 'a/b'.split('/');",
      "export const newsroom = '/newsroom';",
      '',
    ].join('\n'),
  );
  assert.deepEqual(built, []);
});

test('a page path made of expressions fails lint: two or three holes, an origin before a page pattern; one hole or a path no page has does not', async () => {
  const probe = `apps/desktop/app/features/${PROBE}a/components/Paths.ts`;
  const written = await ruleIds(
    probe,
    [
      'export const a = (alias: string, id: number) => `/${alias}/${id}`;',
      'export const b = (origin: string, id: number) => `${origin}/news/${id}`;',
      'export const c = (origin: string) => `${origin}/video_List`;',
      '',
    ].join('\n'),
  );
  assert.deepEqual(written, [PAGE_LITERAL, PAGE_LITERAL, PAGE_LITERAL]);
  const clean = await ruleIds(
    probe,
    [
      'export const upload = (key: string) => `/${key}`;',
      'export const home = (origin: string) => `${origin}/`;',
      'export const file = (dir: string, name: string) => `${dir}/video/${name}`;',
      'export const api = (base: string, name: string) => `${base}/api/${name}`;',
      '',
    ].join('\n'),
  );
  assert.deepEqual(clean, []);
});

test("in the back office a portal page path fails lint; the back office's own router paths do not", async () => {
  const probe = `apps/admin/app/features/${PROBE}/Links.tsx`;
  const written = await ruleIds(
    probe,
    [
      "export const a = '/news/12';",
      'export const b = (alias: string, id: number) => `/${alias}/news/${id}`;',
      'export const C = () => <a href="/video_List">视频</a>;',
      '',
    ].join('\n'),
  );
  assert.deepEqual(written, [PAGE_LITERAL, PAGE_LITERAL, PAGE_LITERAL]);
  const own = await ruleIds(
    probe,
    [
      'const navigate = (to: string) => to;',
      "export const login = () => navigate('/login');",
      'export const next = (path: string) => `/login?next=${encodeURIComponent(path)}`;',
      'export const Home = () => <a href="/">后台首页</a>;',
      'export const edit = (kind: string, id: string) => `/${kind}/${id}`;',
      'export const create = (kind: string) => `/${kind}/new`;',
      "export const author = '/members/3';",
      '',
    ].join('\n'),
  );
  assert.deepEqual(own, []);
});

// Issue 24: the layers inside the API, import cycles and duplicated messages (eslint/api-layers.js,
// eslint/no-cycle.js, eslint/no-duplicate-messages.js).
const SQL = 'no-restricted-syntax';
const CYCLE = 'imports/no-cycle';
const DUPLICATE = 'messages/no-duplicate';

test('an upward import inside the API fails lint: lib → plugins, lib → config.ts, db → repositories, a layer → app.ts', async () => {
  const lib = `apps/api/src/lib/${PROBE}.ts`;
  assert.deepEqual(await ruleIds(lib, `import { target } from '../plugins/${PROBE}';\n${useTarget}`), [
    BOUNDARY,
  ]);
  assert.deepEqual(
    await ruleIds(lib, "import type { ApiConfig } from '../config';\nexport type Probe = ApiConfig;\n"),
    [BOUNDARY],
  );
  const db = `apps/api/src/db/${PROBE}-probe.ts`;
  assert.deepEqual(await ruleIds(db, `import { target } from '../repositories/${PROBE}';\n${useTarget}`), [
    BOUNDARY,
  ]);
  const plugin = `apps/api/src/plugins/${PROBE}-probe.ts`;
  assert.deepEqual(
    await ruleIds(plugin, "import { buildApp } from '../app';\nexport const probe = buildApp;\n"),
    [BOUNDARY],
  );
});

test('inside the API, imports that point down pass lint: a route → a repository, lib, config.ts; an entry point → app.ts', async () => {
  const route = `apps/api/src/routes/${PROBE}/probe.ts`;
  const down = await ruleIds(
    route,
    [
      `import { target } from '../../repositories/${PROBE}';`,
      "import { formatTime } from '../../lib/time';",
      "import type { ApiConfig } from '../../config';",
      'export const probe = [target, formatTime];',
      'export type Probe = ApiConfig;',
      '',
    ].join('\n'),
  );
  assert.deepEqual(down, []);
  const bench = `apps/api/src/bench/${PROBE}.ts`;
  assert.deepEqual(
    await ruleIds(bench, "import { buildApp } from '../app';\nexport const probe = buildApp;\n"),
    [],
  );
});

test('a route takes types only from db/: a value import fails lint, a type import does not', async () => {
  const route = `apps/api/src/routes/${PROBE}/probe.ts`;
  assert.deepEqual(await ruleIds(route, `import { target } from '../../db/${PROBE}';\n${useTarget}`), [
    BOUNDARY,
  ]);
  assert.deepEqual(
    await ruleIds(route, `import type { Target } from '../../db/${PROBE}';\nexport type Probe = Target;\n`),
    [],
  );
});

test('SQL outside repositories and db fails lint; the same query in a repository does not', async () => {
  const query = [
    "import { sql, type Kysely } from 'kysely';",
    "export const rows = (db: Kysely<{ articles: { id: number } }>) => db.selectFrom('articles').selectAll().execute();",
    'export const ping = (db: Kysely<object>) => sql`select 1`.execute(db);',
    '',
  ].join('\n');
  assert.deepEqual(await ruleIds(`apps/api/src/routes/${PROBE}/probe.ts`, query), [SQL, SQL, SQL]);
  assert.deepEqual(await ruleIds(`apps/api/src/lib/${PROBE}.ts`, query), [SQL, SQL, SQL]);
  assert.deepEqual(await ruleIds(`apps/api/src/repositories/${PROBE}-probe.ts`, query), []);
});

test('an import cycle fails lint, type-only imports included; the same module without the import back does not', async () => {
  // a.ts (on disk) imports b.ts by type; b.ts importing a.ts back closes the cycle.
  const b = `packages/ui/src/${PROBE}/b.ts`;
  assert.deepEqual(await ruleIds(b, "import type { A } from './a';\nexport type B = A | number;\n"), [CYCLE]);
  assert.deepEqual(await ruleIds(b, "import { target } from './a';\nexport const B = target;\n"), [CYCLE]);
  assert.deepEqual(await ruleIds(b, 'export type B = number;\n'), []);
});

test('a Chinese message written in a second file fails lint; short words, object keys, tests and new texts do not', async () => {
  const probe = `apps/desktop/app/${PROBE}/probe.ts`;
  assert.deepEqual(await ruleIds(probe, "export const again = '探针消息只写一次';\n"), [DUPLICATE]);
  assert.deepEqual(await ruleIds(probe, 'export const again = `探针消息只写一次`;\n'), [DUPLICATE]);
  const clean = [
    "export const other = '探针：另一句只写一次的话';",
    "export const word = '提交';",
    "export const keyed = { '探针消息只写一次': 1 };",
    '',
  ].join('\n');
  assert.deepEqual(await ruleIds(probe, clean), []);
  assert.deepEqual(
    await ruleIds(`apps/desktop/app/${PROBE}/probe.test.ts`, "export const again = '探针消息只写一次';\n"),
    [],
  );
});
