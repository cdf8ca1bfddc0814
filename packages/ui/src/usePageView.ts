import { useEffect } from 'react';
import { lastViewTime, pageReferrer, recordView, shouldCountView } from '@portal/session';
import { href } from '@portal/routes';

/**
 * Counts one view of the article (spec section 4): only when no time is stored for it or more than
 * 10 s have passed, and stores the lasttime the API returns. A plain same-origin fetch to the desktop
 * app's resource route (which calls article_pv server-side, for the phone's pages too) keeps axios and
 * the token out of both sites' article pages (their JavaScript budget, DESIGN.md section 6).
 */
export function usePageView(id: number): void {
  useEffect(() => {
    if (!shouldCountView(id)) return;
    const controller = new AbortController();
    // The desktop app's resource route, served at every width (packages/routes' table).
    fetch(href.articlePv(), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      // The referrer is only classified (search engine, WeChat…); the server adds the device from the width cookie.
      body: JSON.stringify({ id, lasttime: lastViewTime(id), ref: pageReferrer() }),
      signal: controller.signal,
    })
      .then((res) => (res.ok ? (res.json() as Promise<{ lasttime?: unknown }>) : null))
      .then((body) => {
        if (body && typeof body.lasttime === 'number') recordView(id, body.lasttime);
      })
      // A lost count is not worth bothering the reader about.
      .catch(() => undefined);
    return () => controller.abort();
  }, [id]);
}
