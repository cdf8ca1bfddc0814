import { describe, expect, it, vi } from 'vitest';
import { ERROR_MESSAGES, ErrorCode } from './codes';
import { failure, isEnvelope, isOk, normaliseEnvelope, ok, optional, settle } from './envelope';
import { required, unwrap, unwrapPage } from './route-envelope';

describe('envelope helpers', () => {
  it('recognises envelopes and success', () => {
    expect(isEnvelope({ code: 0 })).toBe(true);
    expect(isEnvelope({ code: '0' })).toBe(false);
    expect(isEnvelope(null)).toBe(false);
    expect(isOk({ code: 0 })).toBe(true);
    expect(isOk({ code: ErrorCode.SessionInvalid })).toBe(false);
  });

  it('builds failures and normalises bodies with the documented messages', () => {
    expect(failure(ErrorCode.SessionInvalid)).toEqual({
      code: 10001,
      msg: '无效的会话，或者会话已过期，请重新登录。',
      data: null,
    });
    expect(normaliseEnvelope({ code: 10006, msg: undefined as never, data: undefined, total: 3 })).toEqual({
      code: 10006,
      msg: ERROR_MESSAGES[ErrorCode.NotFound],
      data: null,
      total: 3,
    });
  });

  it('builds the wire bytes the API answers with: code, msg, data, then total on a page', () => {
    expect(JSON.stringify(ok([1], { total: 3 }))).toBe('{"code":0,"msg":"成功","data":[1],"total":3}');
    expect(JSON.stringify(ok(null, { msg: '保存成功' }))).toBe('{"code":0,"msg":"保存成功","data":null}');
    expect(JSON.stringify(failure(ErrorCode.NotFound, '文章不存在'))).toBe(
      '{"code":10006,"msg":"文章不存在","data":null}',
    );
    // An unknown code still gets a string msg.
    expect(failure(99999).msg).toBe('');
  });

  it('settles a throwing call and falls back for side blocks, logging the failure', async () => {
    expect((await settle(Promise.reject(new Error('boom')))).code).toBe(ErrorCode.ServerError);
    const log = vi.fn();
    expect(
      await optional('get_adv', Promise.resolve({ code: 10500, msg: 'x', data: null }), [], log),
    ).toEqual([]);
    expect(log).toHaveBeenCalledWith('get_adv: 10500 x');
    expect(await optional('get_adv', Promise.resolve({ code: 0, msg: '', data: [1] }), [], log)).toEqual([1]);
  });
});

describe('route envelopes', () => {
  it('answers 404 for NotFound and Validation, 503 for an unavailable database, 500 otherwise', async () => {
    const statusOf = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        return (error as { init?: { status?: number } }).init?.status;
      }
      return 'no throw';
    };
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(statusOf(() => unwrap('a', { code: ErrorCode.NotFound, msg: '', data: null }))).toBe(404);
    expect(statusOf(() => unwrap('a', { code: ErrorCode.Validation, msg: '', data: null }))).toBe(404);
    expect(statusOf(() => unwrap('a', { code: ErrorCode.ServerError, msg: '', data: null }))).toBe(500);
    expect(statusOf(() => unwrap('a', { code: ErrorCode.DatabaseUnavailable, msg: '', data: null }))).toBe(
      503,
    );
    expect(statusOf(() => unwrap('a', { code: ErrorCode.Overloaded, msg: '', data: null }))).toBe(503);
    expect(unwrapPage('a', { code: 0, msg: '', data: [1], total: 9 })).toEqual({ items: [1], total: 9 });
    await expect(required('a', Promise.resolve({ code: 0, msg: '', data: 'x' }))).resolves.toBe('x');
  });
});
