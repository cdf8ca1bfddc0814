import fs from 'node:fs';
import path from 'node:path';
import type { CrashResult } from './crash';
import type { MixResult, ViewsResult } from './load';
import { WRITE_KINDS } from './writes';

export interface SoakResult {
  date: string;
  machine: { cpus: number; cpu: string; memGiB: number; node: string };
  settings: Record<string, number>;
  crashes: CrashResult[];
  /** null until the load phases ran. */
  load: {
    mix: MixResult;
    views: (ViewsResult & { database: string; before: number; after: number; exact: boolean })[];
  } | null;
  /** What this run did differently from the full parameters, and why. */
  notes: string[];
  fuzz: { suite: string; runs: number; passed: boolean; seconds: number }[];
  seconds: number;
  /** false while the run is under way (or when it was stopped early). */
  complete: boolean;
}

const table = (head: string[], rows: (string | number)[][]) =>
  [
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');

/** bench/results/soak.json (everything) and soak.md (the tables the README links). */
export function writeSoakReport(dir: string, r: SoakResult): void {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'soak.json'), `${JSON.stringify(r, null, 2)}\n`);
  const m = r.load?.mix;
  const v = r.load?.views;
  const md = [
    '# pnpm soak',
    '',
    `${r.date} · ${r.machine.cpus} cores (${r.machine.cpu}) · ${r.machine.memGiB} GiB · Node ${r.machine.node} · whole run ${r.seconds} s`,
    '',
    `Settings: ${Object.entries(r.settings)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}.${r.complete ? '' : ' **Run incomplete: the phases below are the ones that finished.**'}`,
    '',
    ...(r.notes.length ? [...r.notes.map((n) => `- ${n}`), ''] : []),
    '## Crash rounds (SIGKILL of the gateway with writes in flight)',
    '',
    `${r.settings.rounds} rounds per database, ${r.settings.writes} acknowledged writes in all, ${r.settings.writeConcurrency} in flight.`,
    'Only writes the server acknowledged (code 0 received) are looked up afterwards.',
    '',
    table(
      ['database', ...WRITE_KINDS.map((k) => `${k} acked / missing`), 'integrity', 'refused', 'seconds'],
      r.crashes.map((c) => [
        c.label,
        ...WRITE_KINDS.map((k) => `${c.acknowledged[k]} / ${c.missing[k]}`),
        c.integrity,
        c.refused,
        c.seconds,
      ]),
    ),
    '',
    'A page view is acknowledged only after the transaction holding it is committed (group commit,',
    'apps/api/src/plugins/page-views.ts), so the counter may gain more than was acknowledged (views committed',
    'whose answer the kill cut off), never less: stored counter gain ' +
      r.crashes
        .map((c) => `${c.label} ${c.views.stored} for ${c.views.acknowledged} acknowledged`)
        .join(', ') +
      '.',
    '',
    ...(m && v
      ? [
          `## Mixed load (${m.connections} connections, ${m.seconds} s)`,
          '',
          'Home, desktop and mobile article, search page, search_list, member_info and space_list, each request from its own client address.',
          '',
          table(
            ['requests', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'timeouts', 'non-2xx'],
            [[m.requests, m.rps, m.p50, m.p99, m.errors, m.timeouts, m.non2xx]],
          ),
          '',
          `## Concurrent page views (${r.settings.views} of one article over ${v[0]?.connections ?? 0} keep-alive connections)`,
          '',
          'Each view waits up to ' +
            `${r.settings.viewTimeoutMs / 1000} s for its answer; the counter is read after a SIGKILL of the server.`,
          '',
          table(
            [
              'database',
              'acknowledged',
              'refused',
              'timeouts',
              'errors',
              'seconds',
              'p50 ms',
              'p99 ms',
              'max ms',
              'counter gain',
              'exact',
            ],
            v.map((x) => [
              x.database,
              x.ok,
              x.refused,
              x.timeouts,
              x.errors,
              x.seconds,
              x.p50,
              x.p99,
              x.max,
              x.after - x.before,
              x.exact ? 'yes' : 'NO',
            ]),
          ),
          '',
        ]
      : []),
    '## Generated bad input at the full count',
    '',
    r.fuzz.length
      ? table(
          ['suite', 'requests per call', 'result', 'seconds'],
          r.fuzz.map((f) => [f.suite, f.runs, f.passed ? 'passed' : 'FAILED', f.seconds]),
        )
      : 'Skipped in this run (--skip-fuzz).',
    '',
  ].join('\n');
  fs.writeFileSync(path.join(dir, 'soak.md'), md);
}
