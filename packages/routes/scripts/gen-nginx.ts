// Writes deploy/nginx.conf from the route table. Usage: pnpm --filter @portal/routes gen:nginx
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_NGINX_OPTIONS, nginxConfig, parseRealIpFrom } from '../src/nginx';

const target =
  process.env.NGINX_OUT ??
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../deploy/nginx.conf');
const gateways = process.env.NGINX_GATEWAYS?.split(',').filter(Boolean);
// A load balancer in front: its addresses, so the workers see each reader's own address.
const realIp = parseRealIpFrom(process.env.NGINX_REAL_IP_FROM);
if (realIp.bad.length > 0) {
  console.error(`NGINX_REAL_IP_FROM: not an address or CIDR: ${realIp.bad.join(', ')}`);
  process.exit(1);
}
writeFileSync(
  target,
  nginxConfig({
    root: process.env.PORTAL_ROOT ?? DEFAULT_NGINX_OPTIONS.root,
    dataDir: process.env.PORTAL_DATA_DIR ?? DEFAULT_NGINX_OPTIONS.dataDir,
    gateways: gateways?.length ? gateways : DEFAULT_NGINX_OPTIONS.gateways,
    serverName: process.env.NGINX_SERVER_NAME ?? DEFAULT_NGINX_OPTIONS.serverName,
    listen: process.env.NGINX_LISTEN ?? DEFAULT_NGINX_OPTIONS.listen,
    realIpFrom: realIp.sources,
    // nginx's page cache on disk; set empty for none (the gateways' NGINX_PAGE_CACHE_S=0).
    pageCacheDir: (process.env.NGINX_PAGE_CACHE_DIR ?? DEFAULT_NGINX_OPTIONS.pageCacheDir) || undefined,
  }),
);
console.log(`wrote ${target}`);
