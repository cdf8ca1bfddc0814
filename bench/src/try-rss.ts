import { load } from './load';
import { startNode } from './proc';
import { ssrPages } from './ssr';
let p = 3976;
for (const [name, env] of [['no micro', { MICRO_CACHE_MS: '0' }], ['old256', { NODE_OPTIONS: '--max-old-space-size=256' }], ['semi8+old256', { NODE_OPTIONS: '--max-old-space-size=256 --max-semi-space-size=8' }]] as [string, Record<string,string>][]) {
  const port = p++;
  const server = await startNode('apps/gateway/dist/server.js', { PORT: String(port), DATA_DIR: '/work/main/bench/.data/demo', DATABASE_URL: '', SEED: 'demo', ...env }, port);
  const base = server.peakRssMiB();
  let rps = 0;
  for (const page of ssrPages(2990)) rps += (await load({ url: server.url + page.path, headers: { cookie: page.cookie, 'accept-encoding': 'gzip' }, unique: true }, 5)).rps;
  console.log(name, 'start', base, 'MiB, peak', server.peakRssMiB(), 'MiB, sum rps', rps);
  await server.stop();
}
