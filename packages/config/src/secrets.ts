import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_CLIENT_SECRET } from '@portal/api-client/constants';
import type { ConfigIssue } from './issues';

/** Long enough that guessing is hopeless (256 bits as hex is 64; 32 characters is the floor). */
export const MIN_TOKEN_SECRET_LENGTH = 32;
/** Values that ship in docs and examples: never secrets. */
const KNOWN_DEFAULTS = new Set([
  DEFAULT_CLIENT_SECRET,
  'change-me',
  'changeme',
  'secret',
  'test-token-secret',
]);
/** Where a development server keeps its generated token secret. */
export const TOKEN_SECRET_FILE = '.token-secret';

interface Secrets {
  TOKEN_SECRET?: string;
  CLIENT_SECRET?: string;
}

/**
 * With NODE_ENV=production the server refuses to start with a missing or default secret
 * (DESIGN.md section 9). `required` says which of the two this process uses. The token secret
 * signs access tokens, slider proofs and SMS code hashes, so it must not be (or derive from) the
 * client secret, which every browser receives.
 */
export function productionSecretIssues(
  secrets: Secrets,
  required: readonly (keyof Secrets)[],
): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  for (const name of required) {
    const value = secrets[name];
    if (!value) issues.push({ variable: name, message: 'is required when NODE_ENV=production' });
    else if (KNOWN_DEFAULTS.has(value))
      issues.push({ variable: name, message: 'is a published default; set your own value' });
  }
  const token = secrets.TOKEN_SECRET;
  if (required.includes('TOKEN_SECRET') && token && !KNOWN_DEFAULTS.has(token)) {
    if (token.length < MIN_TOKEN_SECRET_LENGTH) {
      issues.push({
        variable: 'TOKEN_SECRET',
        message: `must be at least ${MIN_TOKEN_SECRET_LENGTH} characters (e.g. openssl rand -hex 32)`,
      });
    } else if (token === secrets.CLIENT_SECRET) {
      issues.push({ variable: 'TOKEN_SECRET', message: 'must differ from CLIENT_SECRET, which is public' });
    }
  }
  return issues;
}

/**
 * The token secret of a development server without TOKEN_SECRET: random, made once per DATA_DIR
 * and kept in DATA_DIR/.token-secret (mode 600), so a restart and every process sharing the
 * DATA_DIR (the gateway's in-process API, a standalone API, the CLIs) accept the same tokens, while
 * nothing about it is public. The file appears atomically (written aside, then hard-linked into
 * place), so two processes starting together agree on the one that won.
 */
export function dataDirTokenSecret(dataDir: string): string {
  const file = path.join(dataDir, TOKEN_SECRET_FILE);
  const existing = readSecret(file);
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true });
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(aside, randomBytes(32).toString('hex'), { mode: 0o600 });
  try {
    linkSync(aside, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(aside);
  }
  const secret = readSecret(file);
  if (!secret) throw new Error(`${file} holds no usable token secret; delete it or set TOKEN_SECRET`);
  return secret;
}

function readSecret(file: string): string | undefined {
  try {
    const value = readFileSync(file, 'utf8').trim();
    return value.length >= MIN_TOKEN_SECRET_LENGTH ? value : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
