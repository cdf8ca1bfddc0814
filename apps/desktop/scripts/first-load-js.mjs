// Prints the first-load JavaScript (gzip) of each route of a built React Router app:
// the manifest, the client entry and its imports, and every route module on the path with its imports.
// Usage: node scripts/first-load-js.mjs [buildClientDir] [routeId ...]   (default: ./build/client, all routes)
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const clientDir = path.resolve(process.argv[2] ?? 'build/client');
const wanted = process.argv.slice(3);

function findManifest(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const found = findManifest(full);
      if (found) return found;
    } else if (/^manifest-[\w-]+\.js$/.test(entry.name)) return full;
  }
  return undefined;
}

const manifestFile = findManifest(clientDir);
if (!manifestFile) throw new Error(`no manifest-*.js under ${clientDir}`);
const source = readFileSync(manifestFile, 'utf8');
const manifest = JSON.parse(source.slice(source.indexOf('{'), source.lastIndexOf('}') + 1));
const gz = new Map();
const gzipOf = (url) => {
  if (!gz.has(url)) gz.set(url, gzipSync(readFileSync(path.join(clientDir, url))).length);
  return gz.get(url);
};
const manifestUrl = '/' + path.relative(clientDir, manifestFile).split(path.sep).join('/');

function chain(id) {
  const ids = [];
  for (let r = manifest.routes[id]; r; r = manifest.routes[r.parentId]) ids.unshift(r.id);
  return ids;
}

const rows = [];
for (const id of Object.keys(manifest.routes)) {
  if (wanted.length && !wanted.includes(id)) continue;
  const route = manifest.routes[id];
  if (!route.hasDefaultExport) continue;
  const files = new Set([manifestUrl, manifest.entry.module, ...manifest.entry.imports]);
  for (const rid of chain(id)) {
    const r = manifest.routes[rid];
    files.add(r.module);
    for (const i of r.imports ?? []) files.add(i);
  }
  const bytes = [...files].reduce((sum, f) => sum + gzipOf(f), 0);
  rows.push({
    route: id,
    path: route.path ?? (route.index ? '(index)' : ''),
    files: files.size,
    kb: (bytes / 1024).toFixed(1),
  });
}
rows.sort((a, b) => Number(b.kb) - Number(a.kb));
console.table(rows);
