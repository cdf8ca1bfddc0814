import http from 'node:http';
import autocannon from 'autocannon';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export interface LoadTarget {
  url: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  /** Append a unique query parameter per request (defeats the gateway's micro-cache). */
  unique?: boolean;
}

export const CONNECTIONS = 50;

/** autocannon at 50 connections for a fixed time. */
export async function load(target: LoadTarget, seconds: number): Promise<LoadResult> {
  let n = 0;
  const result = await autocannon({
    url: target.url,
    method: target.method ?? 'GET',
    body: target.body,
    headers: target.headers,
    connections: CONNECTIONS,
    duration: seconds,
    requests: target.unique
      ? [
          {
            setupRequest: (req) => {
              const u = new URL(target.url);
              u.searchParams.set('_bench', String(n++));
              return { ...req, path: u.pathname + u.search };
            },
          },
        ]
      : undefined,
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** The ceiling for Node on this machine: a bare http server answering fixed bytes. */
export async function referenceServer(): Promise<{
  url: string;
  set(body: Buffer, type: string): void;
  close(): Promise<void>;
}> {
  let body: Buffer = Buffer.from('{}');
  let type = 'application/json';
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': type, 'content-length': body.length });
      res.end(body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    set(b, t) {
      body = b;
      type = t;
    },
    close: () => new Promise((r) => server.close(() => r())),
  };
}
