import { describe, expect, it } from 'vitest';
import { createAccessTokens, sendWithToken } from './access-token';
import { ErrorCode, type Envelope } from './codes';

function seller(lifetimeSeconds = 120) {
  let sold = 0;
  const buy = async (): Promise<Envelope<{ access_token: string; expires_in: number }>> => ({
    code: 0,
    msg: '',
    data: { access_token: `t${++sold}`, expires_in: lifetimeSeconds },
  });
  return { buy, sold: () => sold };
}

describe('createAccessTokens', () => {
  it('shares one purchase between concurrent callers and reuses the token', async () => {
    const shop = seller();
    const tokens = createAccessTokens({ buy: shop.buy });
    expect(await Promise.all([tokens.current(), tokens.current()])).toEqual(['t1', 't1']);
    expect(await tokens.current()).toBe('t1');
    expect(shop.sold()).toBe(1);
  });

  it('renews before expiry, never sooner than half the lifetime', async () => {
    const shop = seller(120);
    let now = 0;
    const tokens = createAccessTokens({ buy: shop.buy, now: () => now });
    await tokens.current();
    now = 59_000;
    expect(await tokens.current()).toBe('t1');
    now = 61_000; // 120 s lifetime, renewed 60 s early
    expect(await tokens.current()).toBe('t2');
  });

  it('drops only the token that was refused', async () => {
    const shop = seller();
    const tokens = createAccessTokens({ buy: shop.buy });
    await tokens.current();
    tokens.drop('an-older-token');
    expect(await tokens.current()).toBe('t1');
    tokens.drop('t1');
    expect(await tokens.current()).toBe('t2');
  });
});

describe('sendWithToken', () => {
  it('retries once with a fresh token after TokenInvalid, never loops', async () => {
    const shop = seller();
    const tokens = createAccessTokens({ buy: shop.buy });
    const seen: string[] = [];
    const res = await sendWithToken(tokens, async (bearer) => {
      seen.push(bearer);
      return { code: ErrorCode.TokenInvalid, msg: '过期', data: null };
    });
    expect(seen).toEqual(['t1', 't2']);
    expect(res.code).toBe(ErrorCode.TokenInvalid);
  });

  it('answers the purchase failure as an envelope instead of throwing', async () => {
    const tokens = createAccessTokens({
      buy: async () => ({ code: ErrorCode.ClientInvalid, msg: '客户端凭证错误', data: null }),
    });
    const res = await sendWithToken(tokens, async () => ({ code: 0, msg: '', data: 1 }));
    expect(res).toEqual({ code: ErrorCode.ClientInvalid, msg: '客户端凭证错误', data: null });
  });
});
