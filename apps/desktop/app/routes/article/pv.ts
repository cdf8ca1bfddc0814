import { serverApi } from '@portal/api-client/server';
import type { Route } from './+types/pv';
import { ErrorCode, ERROR_MESSAGES } from '@portal/api-client/codes';
import { isOk, settle } from '@portal/api-client/envelope';
import { COOKIE } from '@portal/api-client/constants';
import { widthOf } from '@portal/routes';
import { PAGE_VIEW_REFERRER_MAX, type ViewDevice } from '@portal/api-client/stats';
import { MSG } from '@portal/api-client/messages';

/** The device class of the view: the width cookie under the breakpoint is a phone reading the desktop page. */
function deviceOf(request: Request): ViewDevice {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === COOKIE.viewportWidth) {
      const vw = Number(part.slice(eq + 1).trim());
      return vw > 0 && widthOf(vw) === 'narrow' ? 'phone' : 'desktop';
    }
  }
  return 'desktop';
}

/**
 * POST /article_pv {id, lasttime?, ref?} → {lasttime, pv}: the article page's view counter (article_pv),
 * with the page's referrer and the device class read from the width cookie (no cookie is passed on).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return Response.json({ msg: 'Method Not Allowed' }, { status: 405 });
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return Response.json({ msg: ERROR_MESSAGES[ErrorCode.BadRequest] }, { status: 400 });
  }
  const { id, lasttime, ref } = (body ?? {}) as { id?: unknown; lasttime?: unknown; ref?: unknown };
  if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0)
    return Response.json({ msg: MSG.articleNotFound }, { status: 400 });
  const last = typeof lasttime === 'number' && Number.isFinite(lasttime) ? lasttime : undefined;
  const from = {
    ref: typeof ref === 'string' ? ref.slice(0, PAGE_VIEW_REFERRER_MAX) : '',
    device: deviceOf(request),
  };
  const res = await settle(
    serverApi(context).article_pv(last === undefined ? { id, ...from } : { id, lasttime: last, ...from }),
  );
  if (!isOk(res))
    return Response.json({ msg: res.msg }, { status: res.code === ErrorCode.NotFound ? 404 : 502 });
  return Response.json(res.data, { headers: { 'Cache-Control': 'no-store' } });
}

export function loader() {
  return Response.json({ msg: 'Method Not Allowed' }, { status: 405, headers: { Allow: 'POST' } });
}
