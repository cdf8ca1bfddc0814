import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { API_VARIABLES } from 'api';
import { GATEWAY_VARIABLES } from '../src/config';
import { PROD_VARIABLES } from '../src/prod/config';

/**
 * .env.example lists every setting the server processes read, and nothing they do not: the config
 * schemas (zod) of the gateway, the API and the start:prod supervisor are the source; variables of
 * the tools section (seed, Playwright) are read by those tools, not by a server.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const text = readFileSync(path.resolve(here, '../../../.env.example'), 'utf8');
const [servers = '', tools = ''] = text.split(/^# --- tools .*$/m);
const names = (block: string) => [...block.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!);

describe('.env.example', () => {
  const schemas = new Set([...GATEWAY_VARIABLES, ...API_VARIABLES, ...PROD_VARIABLES]);
  const listed = new Set(names(servers));

  it('has a tools section after the servers', () => {
    expect(names(tools).length).toBeGreaterThan(0);
  });

  it('lists every variable of the config schemas', () => {
    expect([...schemas].filter((v) => !listed.has(v)).sort()).toEqual([]);
  });

  it('lists no server variable that no schema reads', () => {
    expect([...listed].filter((v) => !schemas.has(v)).sort()).toEqual([]);
  });

  it('lists each variable once', () => {
    const all = names(text);
    expect(all.filter((v, i) => all.indexOf(v) !== i)).toEqual([]);
  });
});
