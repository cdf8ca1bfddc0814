/**
 * Load phases of the soak: autocannon (as pnpm bench) for many connections mixing the reader's and
 * the member's calls for a fixed time, and a fixed number of concurrent page views of one article.
 */
import autocannon from 'autocannon';
import { call, nextAddress, type Client } from './client';

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
  errors: number;
  connections: number;
}

/**
 * Exactly `amount` article_pv calls, `connections` in flight at once. Every answer is read, so the
 * acknowledged count is exact (the stored counter must grow by exactly that much).
 */
export async function concurrentViews(
  client: Client,
  articleId: number,
  amount: number,
  connections: number,
): Promise<ViewsResult> {
  let sent = 0;
  let ok = 0;
  let errors = 0;
  const worker = async () => {
    while (sent < amount) {
      sent++;
      try {
        const res = await call(client, 'article_pv', { id: articleId });
        if (res.code === 0) ok++;
        else errors++;
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  return { sent, ok, errors, connections };
}
