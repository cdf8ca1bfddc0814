import { serverApi } from '@portal/api-client/server';
import type { Route } from './+types/pv';
import { settle } from '../../features/content/lib/envelope.server';
import { ErrorCode } from '@portal/api-client/codes';
import { isOk } from '@portal/api-client/envelope';

/** POST /article_pv {id, lasttime?} → {lasttime, pv}: the article page's view counter (article_pv). */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return Response.json({ msg: 'Method Not Allowed' }, { status: 405 });
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return Response.json({ msg: '请求格式错误' }, { status: 400 });
  }
  const { id, lasttime } = (body ?? {}) as { id?: unknown; lasttime?: unknown };
  if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0)
    return Response.json({ msg: '文章不存在' }, { status: 400 });
  const last = typeof lasttime === 'number' && Number.isFinite(lasttime) ? lasttime : undefined;
  const res = await settle(
    serverApi(context).article_pv(last === undefined ? { id } : { id, lasttime: last }),
  );
  if (!isOk(res))
    return Response.json({ msg: res.msg }, { status: res.code === ErrorCode.NotFound ? 404 : 502 });
  return Response.json(res.data, { headers: { 'Cache-Control': 'no-store' } });
}

export function loader() {
  return Response.json({ msg: 'Method Not Allowed' }, { status: 405, headers: { Allow: 'POST' } });
}
