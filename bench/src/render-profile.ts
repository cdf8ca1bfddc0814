/**
 * Where the full render's time goes (issue 27): the V8 CPU profiler (the one `node --cpu-prof`
 * drives, here through node:inspector so only the render loop is sampled) over back-to-back full
 * renders of one page kind, self time summed per module. React Router ships as one bundled file
 * per entry; its `// lib/...` and `// vendor/...` section comments name the source module of each
 * line, so its share is split into matching, data/turbo-stream encoding, links and the rest.
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import { fileURLToPath } from 'node:url';
import { round } from './api';
import { ROOT } from './proc';
import { rate, type PreparedPage } from './react-floor';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface RenderBreakdown {
  page: string;
  /** CPU ms per full render (process.cpuUsage over the profiled loop, profiler overhead included). */
  cpu_ms_per_render: number;
  /** Self time per group, share of the sampled time, largest first. */
  by_group: { group: string; share: number; ms_per_render: number }[];
  top_functions: { name: string; share: number }[];
}

/** React Router's source module → the group it is reported under. */
function routerGroup(section: string): string {
  if (/vendor\/turbo-stream|single-fetch|serverHandoff|lib\/dom\/ssr\/data\.ts/.test(section))
    return 'react-router: loader data encoding (turbo-stream, single fetch, hand-off)';
  if (
    /lib\/router\/utils\.ts|routeMatching|server-runtime\/routes\.ts|dom\/ssr\/routes\.tsx|lib\/router\/router\.ts/.test(
      section,
    )
  )
    return 'react-router: matching, route tree, static handler, loaders';
  if (/dom\/ssr\/(links|components|routeModules)|lib\/href/.test(section))
    return 'react-router: <Links>/<Meta>/<Scripts>, link and module resolution';
  if (
    /lib\/(hooks|components|context)\.tsx?|dom\/lib\.tsx|dom\/server\.tsx|dom\/ssr\/server\.tsx/.test(section)
  )
    return 'react-router: components, hooks, static router';
  return `react-router: other (${section})`;
}

/** For a bundled React Router file: the `// lib/...` section each line belongs to. */
const sectionsByFile = new Map<string, { line: number; name: string }[]>();
function sectionOf(file: string, line: number): string {
  let sections = sectionsByFile.get(file);
  if (!sections) {
    sections = [];
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    lines.forEach((text, i) => {
      const m = /^\/\/ ((lib|vendor)\/\S+)/.exec(text);
      if (m) sections!.push({ line: i, name: m[1] });
    });
    sectionsByFile.set(file, sections);
  }
  let name = 'unknown';
  for (const s of sections) {
    if (s.line > line) break;
    name = s.name;
  }
  return name;
}

function groupOf(url: string, fn: string, line: number): string {
  if (!url) return fn === '(garbage collector)' ? 'garbage collection' : 'native / VM';
  if (url.startsWith('node:')) return 'node core (streams, Request/Response, buffers)';
  if (/node_modules\/\.pnpm\/(react-dom|react)@/.test(url) || /node_modules\/(react-dom|react)\//.test(url))
    return 'react-dom / react (rendering)';
  if (/node_modules\/.*react-router\//.test(url)) return routerGroup(sectionOf(fileURLToPath(url), line));
  if (/node_modules\/undici|internal\/deps\/undici/.test(url))
    return 'node core (streams, Request/Response, buffers)';
  if (url.includes('/apps/') && url.includes('/build/server/'))
    return 'our code (app server bundle: components, loaders, @portal/*)';
  if (url.includes(ROOT)) return `our code (${url.replace(`file://${ROOT}/`, '')})`;
  return `other (${url.replace(/^.*node_modules\//, '')})`;
}

/** Profiles `seconds` of back-to-back full renders of one prepared page. */
export async function profileFullRender(p: PreparedPage, seconds: number): Promise<RenderBreakdown> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  let renders = 0;
  const cpu = process.cpuUsage();
  await rate(() => (renders++, p.full()), seconds);
  const used = process.cpuUsage(cpu);
  const { profile } = (await session.post('Profiler.stop')) as { profile: CpuProfile };
  session.disconnect();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const groups = new Map<string, number>();
  const fns = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === '(idle)' || functionName === '(program)') return;
    const dt = profile.timeDeltas[i];
    total += dt;
    const g = groupOf(url, functionName, lineNumber);
    groups.set(g, (groups.get(g) ?? 0) + dt);
    const f = `${functionName || '(anonymous)'} · ${g.replace(/ \(.*$/, '')}`;
    fns.set(f, (fns.get(f) ?? 0) + dt);
  });
  const cpuMs = (used.user + used.system) / 1000 / renders;
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);
  return {
    page: p.page.page,
    cpu_ms_per_render: round(cpuMs, 2),
    by_group: sorted(groups).map(([group, us]) => ({
      group,
      share: round(us / total, 3),
      ms_per_render: round((us / total) * cpuMs, 3),
    })),
    top_functions: sorted(fns)
      .slice(0, 15)
      .map(([name, us]) => ({ name, share: round(us / total, 3) })),
  };
}
