/**
 * Load phases of the soak: autocannon (as pnpm bench) for many connections mixing the reader's and
 * the member's calls for a fixed time, and a fixed number of concurrent page views of one article.
 */
import http from 'node:http';
import autocannon from 'autocannon';
import { nextAddress, type Client } from './client';

export interface MixResult {
  connections: number;
  seconds: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

/**
 * `connections` connections for `seconds`, each cycling through home page, article page, search
 * (page and API) and a member call; every request from its own client address.
 */
export async function mixedLoad(
  client: Client,
  member: { stoken: string; member_id: number },
  articleId: number,
  connections: number,
  seconds: number,
): Promise<MixResult> {
  const json = { 'content-type': 'application/json', authorization: `Bearer ${client.token}` };
  const withAddress = (req: autocannon.Request) => ({
    ...req,
    headers: { ...req.headers, 'x-forwarded-for': nextAddress() },
  });
  const result = await autocannon({
    url: client.base,
    connections,
    duration: seconds,
    timeout: 30,
    requests: [
      { method: 'GET', path: '/', headers: { cookie: 'vw=1280' }, setupRequest: withAddress },
      {
        method: 'GET',
        path: `/news/${articleId}`,
        headers: { cookie: 'vw=1280' },
        setupRequest: withAddress,
      },
      {
        method: 'GET',
        path: `/new_detail?id=${articleId}`,
        headers: { cookie: 'vw=390' },
        setupRequest: withAddress,
      },
      {
        method: 'GET',
        path: `/search?keyword=${encodeURIComponent('人工智能')}`,
        headers: { cookie: 'vw=1280' },
        setupRequest: withAddress,
      },
      {
        method: 'POST',
        path: '/api/search_list',
        headers: json,
        body: JSON.stringify({ title: '云计算', page: 1, pageSize: 10 }),
        setupRequest: withAddress,
      },
      {
        method: 'POST',
        path: '/api/member_info',
        headers: json,
        body: JSON.stringify({ id: member.member_id, ...member }),
        setupRequest: withAddress,
      },
      {
        method: 'POST',
        path: '/api/space_list',
        headers: json,
        body: JSON.stringify({ page: 1, pageSize: 10, ...member }),
        setupRequest: withAddress,
      },
    ],
  });
  return {
    connections,
    seconds,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

export interface ViewsResult {
  sent: number;
  /** Answers with code 0: views the server acknowledged. */
  ok: number;
  /** Answers with another code (refused by the server). */
  refused: number;
  /** No answer within VIEW_TIMEOUT_MS: the client gave up (the server may still have counted the view). */
  timeouts: number;
  /** Connection errors (reset, refused). */
  errors: number;
  connections: number;
  seconds: number;
  p50: number;
  p99: number;
  max: number;
}

/**
 * How long one page view may wait for its answer. The phase queues `amount` views behind
 * `connections` sockets on a 2-core machine shared with other work: at ~150 views/s, 500 in flight
 * wait several seconds each by Little's law, and the slowest far longer. A first version gave up
 * after 15 s and counted the view as failed although the server had counted it (the stored gain
 * was exact); a browser waits minutes, so the soak waits as long as Node's own request timeout.
 */
export const VIEW_TIMEOUT_MS = 300_000;

/**
 * Exactly `amount` article_pv calls over exactly `connections` keep-alive sockets (node:http with
 * maxSockets, as a proxy's upstream pool would be): a slow answer never makes the client open a
 * replacement socket, which would only lengthen the server's accept queue. Every answer is read, so
 * the acknowledged count is exact (the stored counter must grow by exactly that much).
 */
export async function concurrentViews(
  client: Client,
  articleId: number,
  amount: number,
  connections: number,
): Promise<ViewsResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const url = new URL('/api/article_pv', client.base);
  const body = JSON.stringify({ id: articleId });
  const one = () =>
    new Promise<number>((resolve, reject) => {
      const req = http.request(
        url,
        {
          method: 'POST',
          agent,
          timeout: VIEW_TIMEOUT_MS,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            authorization: `Bearer ${client.token}`,
            'x-forwarded-for': nextAddress(),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            try {
              resolve((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { code: number }).code);
            } catch (err) {
              reject(err as Error);
            }
          });
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new ViewTimeout()));
      req.on('error', reject);
      req.end(body);
    });
  let sent = 0;
  let ok = 0;
  let refused = 0;
  let timeouts = 0;
  let errors = 0;
  const latencies: number[] = [];
  const began = Date.now();
  const worker = async () => {
    while (sent < amount) {
      sent++;
      const t0 = Date.now();
      try {
        if ((await one()) === 0) ok++;
        else refused++;
      } catch (err) {
        if (err instanceof ViewTimeout) timeouts++;
        else errors++;
      }
      latencies.push(Date.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0;
  return {
    sent,
    ok,
    refused,
    timeouts,
    errors,
    connections,
    seconds: Math.round((Date.now() - began) / 100) / 10,
    p50: at(0.5),
    p99: at(0.99),
    max: latencies.at(-1) ?? 0,
  };
}

class ViewTimeout extends Error {
  constructor() {
    super(`no answer within ${VIEW_TIMEOUT_MS} ms`);
  }
}
