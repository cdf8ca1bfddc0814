import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@portal/api-client/admin';

/**
 * Every action the server writes into the audit log has its label there (AUDIT_ACTIONS, which the
 * back office's audit log shows; entities/audit-entry.ts): the `action:` of each audit record in
 * src, and the generic resource routes' own.
 */

const src = path.join(import.meta.dirname, '../src');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
  );

/** The quoted actions of `action: …` (a literal or a choice of literals) in a file's text. */
function writtenActions(text: string): string[] {
  const values = [...text.matchAll(/\baction: ([^,}\n]+)/g)].flatMap((m) =>
    [...(m[1] ?? '').matchAll(/'([a-z][a-z-]*)'/g)].map((q) => q[1] ?? ''),
  );
  // The resource routes name theirs as write()'s argument after the store.
  const routes = [...text.matchAll(/\bstore,\s*'([a-z][a-z-]*)',/g)].map((m) => m[1] ?? '');
  return [...values, ...routes];
}

describe('the audit log', () => {
  it('labels every action the server records', () => {
    const written = new Set(files(src).flatMap((file) => writtenActions(readFileSync(file, 'utf8'))));
    // The scan sees the records it should (a sign the patterns still match the code).
    for (const action of ['login', 'create', 'update', 'role', 'send', 'import'])
      expect(written).toContain(action);
    const labelled = new Set<string>(AUDIT_ACTIONS.map((a) => a.value));
    expect([...written].filter((a) => !labelled.has(a)).sort()).toEqual([]);
  });
});
