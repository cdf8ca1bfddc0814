import { describe, expect, it, vi } from 'vitest';
import type { Api } from '@portal/api-client';
import { ErrorCode } from '@portal/api-client/codes';
import { failure } from '@portal/api-client/envelope';
import { loadHome } from './home.server';

/** An Api whose every call answers `envelope`. */
function apiAnswering(envelope: unknown): Api {
  return new Proxy({}, { get: () => () => Promise.resolve(envelope) }) as Api;
}

/** The status of the route response loadHome throws (React Router's data(null, { status })). */
async function statusOfFailure(api: Api): Promise<number | undefined> {
  const thrown = await loadHome(api).then(
    () => ({ init: { status: undefined } }),
    (e: unknown) => e as { init?: { status?: number } },
  );
  return thrown.init?.status;
}

describe('loadHome', () => {
  it('answers the error page 503 while the database is unavailable, 500 for other failures', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await statusOfFailure(apiAnswering(failure(ErrorCode.DatabaseUnavailable)))).toBe(503);
    expect(await statusOfFailure(apiAnswering(failure(ErrorCode.ServerError)))).toBe(500);
  });
});
