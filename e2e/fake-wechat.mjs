// A stand-in for WeChat's API on 127.0.0.1 (e2e/serve.mjs starts it when WECHAT_APP_ID is set): the
// stable-token and jsapi ticket calls the server makes for wechat_signature, with WeChat's answer shapes.
import { createServer } from 'node:http';

/** Listens on a free port; resolves with its origin (for WECHAT_API_ORIGIN). */
export async function startFakeWechat({ appId, secret, ticket }) {
  const token = 'e2e-access-token';
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.method === 'POST' && url.pathname === '/cgi-bin/stable_token') {
        let body = {};
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          /* answered below */
        }
        const good =
          body.grant_type === 'client_credential' && body.appid === appId && body.secret === secret;
        res.end(
          JSON.stringify(
            good
              ? { access_token: token, expires_in: 7200 }
              : { errcode: 40125, errmsg: 'invalid appsecret' },
          ),
        );
      } else if (req.method === 'GET' && url.pathname === '/cgi-bin/ticket/getticket') {
        const good =
          url.searchParams.get('access_token') === token && url.searchParams.get('type') === 'jsapi';
        res.end(
          JSON.stringify(
            good
              ? { errcode: 0, errmsg: 'ok', ticket, expires_in: 7200 }
              : { errcode: 40001, errmsg: 'invalid credential' },
          ),
        );
      } else {
        res.statusCode = 404;
        res.end(JSON.stringify({ errcode: -1, errmsg: 'not found' }));
      }
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  // Never keeps the gateway's process alive on its own.
  server.unref();
  return `http://127.0.0.1:${server.address().port}`;
}
