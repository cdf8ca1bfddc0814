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
