import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, assertNoIssues, issuesOf } from './issues';
import { dataDirTokenSecret } from './secrets';
import { parseTrustProxy } from './trust-proxy';
import { intVar, originVar } from './vars';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('TRUST_PROXY', () => {
  it('takes addresses, CIDRs and proxy-addr names; loopback by default; none for no proxy', () => {
    expect(parseTrustProxy(undefined)).toEqual(['loopback']);
    expect(parseTrustProxy(' 10.0.0.5, 192.168.0.0/16 ,::1 ')).toEqual(['10.0.0.5', '192.168.0.0/16', '::1']);
    expect(parseTrustProxy('none')).toEqual([]);
  });
  it.each(['1', '2', 'true', 'TRUE', 'false', '10.0.0.0/33', 'proxy.example.com', '*'])(
    'refuses %s',
    (value) => {
      expect(() => parseTrustProxy(value)).toThrow(/not an address/);
    },
  );
});

describe('variables', () => {
  const schema = z.object({ PORT: intVar(8080, 1, 65_535), PUBLIC_ORIGIN: originVar });
  it('never yields NaN and names each bad variable', () => {
    const result = schema.safeParse({ PORT: '80a', PUBLIC_ORIGIN: 'example.com' });
    expect(result.success).toBe(false);
    const issues = issuesOf(result.error!);
    expect(issues.map((i) => i.variable)).toEqual(['PORT', 'PUBLIC_ORIGIN']);
    expect(() => assertNoIssues('gateway', issues)).toThrow(ConfigError);
  });
  it('applies defaults to unset and empty values, and normalises origins', () => {
    expect(schema.parse({ PORT: '', PUBLIC_ORIGIN: 'https://WWW.Example.com/' })).toEqual({
      PORT: 8080,
      PUBLIC_ORIGIN: 'https://www.example.com',
    });
  });
});

describe('development token secret', () => {
  it('is made once per DATA_DIR; every later caller reads the same one', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'config-secret-'));
    dirs.push(dir);
    const secrets = Array.from({ length: 4 }, () => dataDirTokenSecret(dir));
    expect(new Set(secrets).size).toBe(1);
    const other = mkdtempSync(path.join(tmpdir(), 'config-secret-'));
    dirs.push(other);
    expect(dataDirTokenSecret(other)).not.toBe(secrets[0]);
  });
});
