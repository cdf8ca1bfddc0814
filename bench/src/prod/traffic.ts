/**
 * Bounded traffic for the failure tests: readers (pages and public API reads) and writers
 * (acknowledged page views), each over keep-alive sockets to nginx on 127.0.0.1, until stopped or
 * a hard time limit. Every answer is read; a failure is a network error, a timeout, a 5xx, or an
 * envelope whose code is not 0.
 */
import http from 'node:http';
import { CLIENT } from './shape';

/** nginx's own proxy_read_timeout: a request still unanswered then has failed. */
const REQUEST_TIMEOUT_MS = 60_000;

export interface TrafficResult {
  requests: number;
  failures: number;
  /** Failures with no HTTP answer at all (reset, refused, timeout), a subset of failures. */
  unanswered: number;
  /** Failures by HTTP status ("code N" for a 200 envelope whose code is not 0). */
  byStatus: Record<string, number>;
  /** A few failures as they happened (status or error), for the report. */
  samples: string[];
}

interface Answer {
  status: number;
  body: string;
}

function request(
  agent: http.Agent,
  url: URL,
  method: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, agent, headers, timeout: REQUEST_TIMEOUT_MS }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}

export interface Running {
  /** Stops the loops and resolves with what they saw. */
  stop(): Promise<TrafficResult>;
  /** Requests answered so far (to wait until traffic flows). */
  count(): number;
}

function loops(
  connections: number,
  maxMs: number,
  one: (agent: http.Agent, i: number) => Promise<string | null>,
): Running {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const result: TrafficResult = { requests: 0, failures: 0, unanswered: 0, byStatus: {}, samples: [] };
  const deadline = Date.now() + maxMs;
  let stopped = false;
  const fail = (what: string) => {
    result.failures += 1;
    if (result.samples.length < 10) result.samples.push(what);
  };
  const all = Promise.all(
    Array.from({ length: connections }, async (_, c) => {
      for (let i = c; !stopped && Date.now() < deadline; i += connections) {
        try {
          const problem = await one(agent, i);
          if (problem) {
            const status = /: (\d{3}|code \d+)$/.exec(problem)?.[1] ?? 'other';
            result.byStatus[status] = (result.byStatus[status] ?? 0) + 1;
            fail(problem);
          }
        } catch (error) {
          result.unanswered += 1;
          fail((error as Error).message);
        }
        result.requests += 1;
      }
    }),
  );
  return {
    count: () => result.requests,
    async stop() {
      stopped = true;
      await all;
      agent.destroy();
      return result;
    },
  };
}

/**
 * Readers: `connections` sockets reading pages (desktop width) and a public API read (GET) in turn.
 * A page must answer 200, an API read 200 with code 0.
 */
export function readers(
  base: string,
  token: string,
  pages: string[],
  connections: number,
  maxMs: number,
): Running {
  return loops(connections, maxMs, async (agent, i) => {
    if (i % 4 === 3) {
      const url = new URL('/api/get_category', base);
      const res = await request(agent, url, 'GET', { authorization: `Bearer ${token}` });
      if (res.status !== 200) return `GET ${url.pathname}: ${res.status}`;
      const code = (JSON.parse(res.body) as { code: number }).code;
      return code === 0 ? null : `GET ${url.pathname}: code ${code}`;
    }
    const page = pages[i % pages.length]!;
    const res = await request(agent, new URL(page, base), 'GET', { cookie: 'vw=1280' });
    return res.status === 200 ? null : `GET ${page}: ${res.status}`;
  });
}

/** Writers: acknowledged page views of one article (POST /api/article_pv, never retried by nginx once sent). */
export function writers(
  base: string,
  token: string,
  articleId: number,
  connections: number,
  maxMs: number,
): Running & { acknowledged(): number } {
  let acknowledged = 0;
  const url = new URL('/api/article_pv', base);
  const running = loops(connections, maxMs, async (agent) => {
    const res = await request(
      agent,
      url,
      'POST',
      { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      JSON.stringify({ id: articleId }),
    );
    if (res.status !== 200) return `POST /api/article_pv: ${res.status}`;
    const code = (JSON.parse(res.body) as { code: number }).code;
    if (code !== 0) return `POST /api/article_pv: code ${code}`;
    acknowledged += 1;
    return null;
  });
  return { ...running, acknowledged: () => acknowledged };
}

/** Calls one API call through nginx; the envelope. */
export async function api<T>(
  base: string,
  name: string,
  payload: Record<string, unknown>,
  token?: string,
): Promise<{ code: number; msg: string; data: T }> {
  const res = await fetch(new URL(`/api/${name}`, base), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(payload),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  return (await res.json()) as { code: number; msg: string; data: T };
}

export async function accessToken(base: string): Promise<string> {
  const res = await api<{ access_token: string }>(base, 'accessToken', {
    id: CLIENT.id,
    secret: CLIENT.secret,
  });
  if (res.code !== 0) throw new Error(`accessToken: ${res.code} ${res.msg}`);
  return res.data.access_token;
}
