import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply } from 'fastify';

const PUBLIC_FILE = /^\/[\w.-]+\.(?:ico|svg|png|txt|xml|webmanifest|json)$/;

/**
 * An app's public files at the site root (favicon, robots.txt…) from its build/client; robots.txt
 * gets its Sitemap line. Sends the file and answers true, or answers false when `routePath` is not
 * one. (A boolean, not the reply: a reply is a thenable, which an async function would wait on.)
 */
export function publicFiles(desktopOrigin: string) {
  /** robots.txt of each app with its Sitemap line, made on first request. */
  const robotsTxt = new Map<string, string>();
  return async (reply: FastifyReply, clientDir: string, routePath: string): Promise<boolean> => {
    if (!PUBLIC_FILE.test(routePath) || !isFile(path.join(clientDir, routePath))) return false;
    reply.header('Cache-Control', 'public, max-age=3600');
    if (routePath === '/robots.txt') {
      // The app's rules, then where the sitemap is: an absolute URL on the configured public
      // origin, which the built file cannot know (the m. host points at it too, as the protocol allows).
      // Built files do not change while the process runs: read once per app.
      let robots = robotsTxt.get(clientDir);
      if (!robots) {
        const rules = (await readFile(path.join(clientDir, routePath), 'utf8')).trimEnd();
        robots = `${rules}\n\nSitemap: ${desktopOrigin}/sitemap.xml\n`;
        robotsTxt.set(clientDir, robots);
      }
      reply.type('text/plain; charset=utf-8').send(robots);
    } else {
      reply.sendFile(routePath.slice(1), clientDir);
    }
    return true;
  };
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
