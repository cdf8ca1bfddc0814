/**
 * `pnpm --filter bench bench:prod [--seconds N]`: the production shape's part of `pnpm bench` alone
 * (nginx in front of one gateway worker per core, PostgreSQL, Redis), for measuring one change
 * without the whole run. Prints each page's cached, rendered and nginx static rates and the figure
 * `cached_vs_nginx_static` (the lowest cached ÷ nginx static), with the load average before and after
 * (other work on the machine moves the absolute figures; compare runs side by side), and writes
 * them to bench/results/prod-bench.json. The full run's figures stay in latest.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../proc';
import { benchProdShape } from './bench';

const args = process.argv.slice(2);
const at = args.indexOf('--seconds');
const seconds = at >= 0 ? Number(args[at + 1]) : 6;
const load = () => os.loadavg().map((l) => Math.round(l * 10) / 10);

async function main(): Promise<number> {
  const loadBefore = load();
  const prod = await benchProdShape(path.join(ROOT, 'bench/.data'), seconds);
  if (!prod) return 1;
  const loadAfter = load();
  const ratios = prod.ssr.flatMap((x) =>
    x.cached_of_nginx_static === null ? [] : [x.cached_of_nginx_static],
  );
  const result = {
    date: new Date().toISOString(),
    cores: os.cpus().length,
    seconds_per_run: seconds,
    load_average: { before: loadBefore, after: loadAfter },
    label: prod.label,
    cached_vs_nginx_static: ratios.length ? Math.min(...ratios) : null,
    pages: prod.ssr.map((x) => ({
      page: x.page,
      cached_rps: x.cached.rps,
      cached_p99_ms: x.cached.p99,
      rendered_rps: x.rendered.rps,
      nginx_static_rps: x.nginx_static_rps,
      cached_of_nginx_static: x.cached_of_nginx_static,
      gzip: x.gzip,
    })),
    worker_peak_rss_mib: prod.worker_peak_rss_mib,
  };
  fs.writeFileSync(path.join(ROOT, 'bench/results/prod-bench.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(
    `cached_vs_nginx_static ${result.cached_vs_nginx_static} (load ${loadBefore.join(' ')} → ${loadAfter.join(' ')})`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
