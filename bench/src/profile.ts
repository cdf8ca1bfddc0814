import fs from 'node:fs';
import path from 'node:path';
import { round } from './api';
import { load } from './load';
import { ROOT, startNode } from './proc';
import type { SsrPage } from './ssr';

/** A V8 CPU profile as `node --cpu-prof` writes it. */
interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
    children?: number[];
  }[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileShare {
  name: string;
  /** Share of the sampled CPU time while pages were rendered, 0..1. */
  share: number;
}

export interface RenderProfile {
  page: string;
  requests: number;
  /** CPU milliseconds per rendered page (sampled time over pages served). */
  cpu_ms_per_page: number;
  by_package: ProfileShare[];
  /** Where the stacks spend their time, counted once per sample at the frame that names it (inclusive). */
  by_stage: ProfileShare[];
  top_functions: ProfileShare[];
}

/** Stages a render passes through, recognised by the frames on the stack (first match, innermost out). */
const STAGES: [string, (url: string, fn: string) => boolean][] = [
  ['database (better-sqlite3, kysely)', (u) => /node_modules\/(better-sqlite3|kysely)\//.test(u)],
  ['API services (apps/api)', (u) => u.includes('/apps/api/')],
  ['React rendering (react-dom/server)', (u) => /node_modules\/react-dom\//.test(u)],
  ['React Router (matching, loaders, data)', (u) => /node_modules\/(react-router|@react-router)/.test(u)],
  ['compression (zlib)', (u, fn) => u === 'node:zlib' || /gzip|deflate|brotli/i.test(fn)],
  ['HTTP (fastify, node:http)', (u) => /node_modules\/fastify\/|^node:_http|^node:net/.test(u)],
  ['garbage collection', (_u, fn) => fn === '(garbage collector)'],
];

/** `…/node_modules/.pnpm/x@1/node_modules/@scope/pkg/lib/a.js` → `@scope/pkg`; app files → `apps/<app>`. */
function packageOf(url: string, fn: string): string {
  if (!url) return fn.startsWith('(') ? fn : '(native)';
  const nm = url.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + '/node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return url.replace(/^node:(internal\/)?/, 'node:');
  const local = url.replace(/^file:\/\//, '').replace(`${ROOT}/`, '');
  const m = /^(apps|packages)\/[^/]+/.exec(local);
  return m ? m[0] : local;
}

function shares(counts: Map<string, number>, total: number, top: number): ProfileShare[] {
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, n]) => ({ name, share: round(n / total, 3) }));
}

/** Attribute the samples taken between `from` and `to` (µs, profile clock). */
export function analyseProfile(profile: CpuProfile, from: number, to: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfTime = new Map<number, number>();
  let t = profile.startTime;
  let total = 0;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i];
    const fn = byId.get(id)!.callFrame.functionName;
    if (t < from || t > to || fn === '(idle)' || fn === '(program)') return;
    const dt = profile.timeDeltas[i];
    selfTime.set(id, (selfTime.get(id) ?? 0) + dt);
    total += dt;
  });
  const byPackage = new Map<string, number>();
  const byStage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
  for (const [id, dt] of selfTime) {
    const { callFrame } = byId.get(id)!;
    const pkg = packageOf(callFrame.url, callFrame.functionName);
    add(byPackage, pkg, dt);
    add(byFunction, `${callFrame.functionName || '(anonymous)'} · ${pkg}:${callFrame.lineNumber + 1}`, dt);
    // Walk out from the sampled frame; the first frame that names a stage owns the sample.
    let stage = 'other (app code, node core)';
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const f = byId.get(at)!.callFrame;
      const hit = STAGES.find(([, test]) => test(f.url, f.functionName));
      if (hit) {
        stage = hit[0];
        break;
      }
    }
    add(byStage, stage, dt);
  }
  return {
    totalUs: total,
    by_package: shares(byPackage, total, 12),
    by_stage: shares(byStage, total, STAGES.length + 1),
    top_functions: shares(byFunction, total, 15),
  };
}

/**
 * A CPU profile of the gateway while it renders one page for every request (unique query, no
 * micro-cache): where a server render spends its time, written into the results.
 */
export async function profileRender(
  env: Record<string, string>,
  port: number,
  page: SsrPage,
  seconds: number,
): Promise<RenderProfile> {
  const dir = fs.mkdtempSync(path.join(ROOT, 'bench/.data/cpuprof-'));
  const server = await startNode('apps/gateway/dist/server.js', { PORT: String(port), ...env }, port, '/', [
    '--cpu-prof',
    `--cpu-prof-dir=${dir}`,
  ]);
  let requests = 0;
  let loadEnded = 0;
  try {
    const headers = { cookie: page.cookie, 'accept-encoding': 'gzip' };
    await load({ url: server.url + page.path, headers, unique: true }, 2); // warm: JIT, caches
    const r = await load({ url: server.url + page.path, headers, unique: true }, seconds);
    loadEnded = Date.now();
    requests = Math.round(r.rps * seconds);
  } finally {
    await server.stop();
  }
  // The profile ends when the process exits; the window is the measured load before the stop.
  const shutdownUs = (Date.now() - loadEnded) * 1000;
  const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no CPU profile written in ${dir}`);
  const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as CpuProfile;
  fs.rmSync(dir, { recursive: true, force: true });
  const to = profile.endTime - shutdownUs;
  const from = to - seconds * 1_000_000;
  const a = analyseProfile(profile, from, to);
  return {
    page: page.page,
    requests,
    cpu_ms_per_page: round(a.totalUs / 1000 / Math.max(requests, 1), 2),
    by_package: a.by_package,
    by_stage: a.by_stage,
    top_functions: a.top_functions,
  };
}
