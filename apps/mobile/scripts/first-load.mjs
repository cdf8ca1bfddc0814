// First-load JavaScript of mobile pages (DESIGN.md section 6 budgets), measured from the real HTML:
// every script the document loads or modulepreloads, gzipped from build/client.
// Usage: node apps/mobile/scripts/first-load.mjs http://127.0.0.1:8082 / /new_detail?id=1 ...
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../build/client');
const [base = 'http://127.0.0.1:8080', ...paths] = process.argv.slice(2);

for (const p of paths.length ? paths : ['/']) {
  const res = await fetch(base + p, { headers: { cookie: 'vw=390' }, redirect: 'manual' });
  const html = await res.text();
  const urls = new Set();
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/import\(?\s*"(\/assets\/[^"]+\.js)"/g)) urls.add(m[1]);
  let raw = 0;
  let gz = 0;
  for (const u of urls) {
    const body = readFileSync(path.join(clientDir, new URL(u, base).pathname));
    raw += body.length;
    gz += gzipSync(body, { level: 9 }).length;
  }
  const kb = (n) => (n / 1024).toFixed(1);
  console.log(`${res.status} ${p}: ${urls.size} scripts, ${kb(raw)} KB raw, ${kb(gz)} KB gzip`);
}
