// The root scripts work through `npm run` on a machine without a global pnpm (issue 23): each one that
// needs pnpm (or turbo, which runs the packages' scripts with pnpm) goes through scripts/pnpm.sh, which
// finds the pinned pnpm in .tools/ as `npm start` leaves it. Run by `npm test` (node --test scripts/).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const version = pkg.packageManager.split('@')[1];

test('every root script that runs pnpm or turbo runs it through scripts/pnpm.sh', () => {
  const direct = Object.entries(pkg.scripts).filter(([, command]) =>
    command
      .split(/&&|\|\||;/)
      .some((part) => /^\s*(pnpm|turbo|npx pnpm)\b/.test(part.replace(/^\s*\w+=\S*\s+/, ''))),
  );
  assert.deepEqual(direct, []);
  assert.match(pkg.scripts.bench, /^bash scripts\/pnpm\.sh /);
});

// A copy of the two scripts in a bare project whose .tools/ holds a stand-in pnpm, run by npm with a
// PATH that has node and npm but no pnpm: no network, no real install.
const dir = mkdtempSync(path.join(tmpdir(), 'pnpm-wrapper-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function project() {
  mkdirSync(path.join(dir, 'scripts'));
  for (const f of ['lib.sh', 'pnpm.sh'])
    copyFileSync(path.join(root, 'scripts', f), path.join(dir, 'scripts', f));
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({
      name: 'probe',
      private: true,
      packageManager: pkg.packageManager,
      scripts: {
        wrapped: 'bash scripts/pnpm.sh --filter api admin list',
        direct: 'pnpm --filter api admin list',
      },
    }),
  );
  const bin = path.join(dir, '.tools/node_modules/.bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(
    path.join(bin, 'pnpm'),
    `#!/bin/sh\nif [ "$1" = --version ]; then echo ${version}; exit 0; fi\necho "pnpm $*"; command -v pnpm\n`,
    { mode: 0o755 },
  );
  // Only what npm and the scripts call; /usr/bin also holds a pnpm on most machines, so it is not used.
  const path_ = path.join(dir, 'path');
  mkdirSync(path_);
  for (const tool of ['node', 'npm', 'sh', 'bash', 'dirname']) {
    const found = spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim();
    assert.ok(found, `${tool} is installed`);
    symlinkSync(found, path.join(path_, tool));
  }
  return { ...process.env, PATH: path_, npm_config_update_notifier: 'false' };
}

test('npm run finds the pinned pnpm in .tools/ without one on the PATH, and hands it on', () => {
  const env = project();
  const run = (script) => spawnSync('npm', ['run', '--silent', script], { cwd: dir, env, encoding: 'utf8' });

  const direct = run('direct');
  assert.notEqual(direct.status, 0, 'the probe PATH has no pnpm');

  const wrapped = run('wrapped');
  assert.equal(wrapped.status, 0, wrapped.stderr);
  const [called, onPath] = wrapped.stdout.trim().split('\n');
  assert.equal(called, 'pnpm --filter api admin list');
  // What pnpm runs (bench's nested `pnpm seed`, turbo's package scripts) finds the same pnpm.
  assert.equal(onPath, path.join(dir, '.tools/node_modules/.bin/pnpm'));
});
