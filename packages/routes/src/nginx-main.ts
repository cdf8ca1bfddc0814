/**
 * The nginx.conf around a site: the main context and the `http {}` settings production runs with.
 * One source for `npm run start:prod` (apps/gateway/src/prod/nginx.ts) and the bench's static
 * reference (bench/src/nginx-static.ts), so "a cached page vs nginx serving a file" always compares
 * with the nginx production runs.
 */
export interface NginxMainOptions {
  /** pid file and temp paths live here. */
  runDir: string;
  /** Lines of the main context before `http {}` (a `user` directive). */
  main?: readonly string[];
  /** Lines inside `http {}` before the site (TLS settings). */
  http?: readonly string[];
  /** The site: an `include` of the generated config, or a server block (lines inside `http {}`). */
  site: readonly string[];
  /** First line(s): where the file comes from. */
  header?: readonly string[];
}

/** Compression as the generated site config turns it on (text/html is always compressed once on). */
export const NGINX_GZIP = [
  'gzip on;',
  'gzip_types text/css application/javascript application/json application/xml image/svg+xml text/plain;',
] as const;

export function nginxMainConfig(options: NginxMainOptions): string {
  const { runDir } = options;
  const join = (name: string) => `${runDir.replace(/\/$/, '')}/${name}`;
  const temp = (name: string) => `  ${name}_temp_path ${join(`${name}-temp`)};`;
  const indent = (lines: readonly string[] = []) => lines.map((l) => `  ${l}`);
  return [
    ...(options.header ?? []),
    'daemon off;',
    'worker_processes auto;',
    ...(options.main ?? []),
    `pid ${join('nginx.pid')};`,
    'error_log stderr warn;',
    'events { worker_connections 4096; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  default_type application/octet-stream;',
    '  sendfile on;',
    '  tcp_nopush on;',
    '  keepalive_timeout 65s;',
    '  server_tokens off;',
    '  access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp),
    ...indent(options.http),
    ...indent(options.site),
    '}',
    '',
  ].join('\n');
}
