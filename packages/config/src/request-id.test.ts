import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { requestIdOf } from './request-id';

const withHeader = (value?: string | string[]) =>
  ({ headers: value === undefined ? {} : { 'x-request-id': value } }) as unknown as IncomingMessage;

describe('requestIdOf', () => {
  it("keeps nginx's $request_id", () => {
    expect(requestIdOf(withHeader('0f3c2a9e8d7b6a5f4e3d2c1b0a998877'))).toBe(
      '0f3c2a9e8d7b6a5f4e3d2c1b0a998877',
    );
  });

  it.each([undefined, '', 'a'.repeat(65), 'x\r\nSet-Cookie: a=1', '{"level":60}', ['a', 'b']])(
    'makes its own id instead of %j',
    (value) => {
      expect(requestIdOf(withHeader(value))).toMatch(/^[0-9a-f-]{36}$/);
    },
  );
});
