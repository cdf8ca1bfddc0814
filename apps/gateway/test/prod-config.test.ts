import { describe, expect, it } from 'vitest';
import { ConfigError } from '@portal/config';
import { loadProdConfig } from '../src/prod/config';

/**
 * Issue 23 item 8: start:prod checks the workers' SMS provider with the rest of their settings,
 * before any migration runs: production refuses the outbox unless a staging host allows it by name.
 */
const PRODUCTION = {
  NODE_ENV: 'production',
  TOKEN_SECRET: 'a-real-token-secret-0123456789abcdef',
  CLIENT_SECRET: 'a-configured-client-secret',
  PUBLIC_ORIGIN: 'https://www.example.com',
};

function issuesOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadProdConfig(env, '/srv/portal');
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).issues.map((i) => `${i.variable}: ${i.message}`);
  }
}

describe('start:prod and the SMS provider', () => {
  it('refuses the outbox in production, naming SMS_PROVIDER and the allowance', () => {
    const issues = issuesOf(PRODUCTION);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatch(/^SMS_PROVIDER: .*SMS_OUTBOX_IN_PRODUCTION=1/);
    expect(issuesOf({ ...PRODUCTION, SMS_OUTBOX_IN_PRODUCTION: 'on' })).toEqual([
      'SMS_OUTBOX_IN_PRODUCTION: must be 1 or 0, got "on"',
    ]);
  });

  it('starts with the allowance, a real provider, outside production, or when the API runs elsewhere', () => {
    expect(issuesOf({ ...PRODUCTION, SMS_OUTBOX_IN_PRODUCTION: '1' })).toEqual([]);
    expect(issuesOf({ ...PRODUCTION, SMS_PROVIDER: 'tencent' })).toEqual([]);
    expect(issuesOf({ ...PRODUCTION, NODE_ENV: 'development' })).toEqual([]);
    expect(issuesOf({ ...PRODUCTION, API_URL: 'http://10.0.0.9:3001' })).toEqual([]);
  });
});
