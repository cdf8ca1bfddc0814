import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WechatSettings } from '@portal/config';

/** How the fake answers: like WeChat, or one of the failures WeChat (or the way to it) has. */
export type FakeMode = 'ok' | 'hang' | 'garbage' | 'ip-not-whitelisted' | 'quota' | 'empty-object';

export interface FakeWechat {
  settings(secret?: string): WechatSettings;
  /** Requests received per path. */
  hits: { token: number; ticket: number };
  mode: FakeMode;
  /** Milliseconds the ticket answer waits (for overlapping callers). */
  ticketDelayMs: number;
  /** The ticket it issues (changes when `rotate` is called). */
  ticket: string;
  close(): Promise<void>;
}

export const FAKE_APP_ID = 'wx-fake-app';
export const FAKE_SECRET = 'fake-secret-0123';

/**
 * A local stand-in for api.weixin.qq.com on 127.0.0.1: the stable-token and getticket calls with
 * WeChat's answer shapes, its errcodes (40125 bad secret, 40164 IP not whitelisted, 45009 quota),
 * and a server that never answers or answers garbage.
 */
export async function startFakeWechat(): Promise<FakeWechat> {
  const state = {
    hits: { token: 0, ticket: 0 },
    mode: 'ok' as FakeMode,
    ticketDelayMs: 0,
    ticket: 'fake-jsapi-ticket-1',
  };
  const token = 'fake-access-token';
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const send = (body: unknown) => {
      res.setHeader('content-type', 'application/json');
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (state.mode === 'hang') return; // never answers
      if (state.mode === 'garbage') return send('<html>502 Bad Gateway</html>');
      if (state.mode === 'empty-object') return send({});
      if (state.mode === 'ip-not-whitelisted') {
        return send({ errcode: 40164, errmsg: 'invalid ip 203.0.113.7, not in whitelist' });
      }
      if (state.mode === 'quota') return send({ errcode: 45009, errmsg: 'reach max api daily quota limit' });
      if (req.method === 'POST' && url.pathname === '/cgi-bin/stable_token') {
        state.hits.token++;
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
        if (body.grant_type !== 'client_credential' || body.appid !== FAKE_APP_ID) {
          return send({ errcode: 40013, errmsg: 'invalid appid' });
        }
        if (body.secret !== FAKE_SECRET) return send({ errcode: 40125, errmsg: 'invalid appsecret' });
        return send({ access_token: token, expires_in: 7200 });
      }
      if (req.method === 'GET' && url.pathname === '/cgi-bin/ticket/getticket') {
        state.hits.ticket++;
        if (url.searchParams.get('access_token') !== token || url.searchParams.get('type') !== 'jsapi') {
          return send({ errcode: 40001, errmsg: 'invalid credential' });
        }
        const answer = { errcode: 0, errmsg: 'ok', ticket: state.ticket, expires_in: 7200 };
        setTimeout(() => send(answer), state.ticketDelayMs);
        return;
      }
      res.statusCode = 404;
      send({ errcode: -1, errmsg: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    settings: (secret = FAKE_SECRET): WechatSettings => ({
      appId: FAKE_APP_ID,
      appSecret: secret,
      apiOrigin: `http://127.0.0.1:${port}`,
    }),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
