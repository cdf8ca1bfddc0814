import http from 'node:http';
import os from 'node:os';
import autocannon from 'autocannon';

export interface LoadResult {
  rps: number;
  /** Latency percentiles in ms of the 2xx answers, from every answer's time (autocannon reports no p95). */
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** The machine's 1-minute load average (as `uptime` shows it) when the run ended: 2 cores shared. */
  load1: number;
}

/** The 1-minute load average, as `uptime` prints it. */
export const load1 = () => Math.round(os.loadavg()[0]! * 100) / 100;

export interface LoadTarget {
  url: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  /** Append a unique query parameter per request (defeats the gateway's micro-cache). */
  unique?: boolean;
}

export const CONNECTIONS = 50;

/**
 * Unmeasured load before each measured run: a server just started (or a call not run for a while)
 * answers its first second slower — V8 has not optimised the path, PostgreSQL's new connections
 * have not loaded their catalogs — and the first call measured would pay for all of it.
 */
const WARMUP_SECONDS = 1;

/** autocannon at 50 connections for a fixed time, after WARMUP_SECONDS of the same load. */
export async function load(target: LoadTarget, seconds: number): Promise<LoadResult> {
  // One sequence of unique queries over both runs: the measured one never repeats a warm-up URL.
  const unique = { n: 0 };
  await run(target, WARMUP_SECONDS, unique);
  return run(target, seconds, unique);
}

async function run(target: LoadTarget, seconds: number, unique: { n: number }): Promise<LoadResult> {
  const times: number[] = [];
  const options: autocannon.Options = {
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
              u.searchParams.set('_bench', String(unique.n++));
              return { ...req, path: u.pathname + u.search };
            },
          },
        ]
      : undefined,
  };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (err: unknown, r: autocannon.Result) =>
      err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(r),
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) times.push(ms);
    });
  });
  const [p50, p95, p99] = percentiles(times, [0.5, 0.95, 0.99]);
  return {
    rps: Math.round(result.requests.average),
    p50,
    p95,
    p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    load1: load1(),
  };
}

/** The `ps` percentiles (fractions) of `values`, nearest rank, rounded to 0.1; 0 when empty. */
export function percentiles(values: number[], ps: number[]): number[] {
  const sorted = Float64Array.from(values).sort();
  return ps.map((p) =>
    sorted.length === 0
      ? 0
      : Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]! * 10) / 10,
  );
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
