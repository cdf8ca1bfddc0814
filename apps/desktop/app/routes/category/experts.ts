import { serverApi } from '@portal/api-client/server';
import type { Route } from './+types/experts';
import { intParam } from '../../features/content/lib/query';
import { isOk, settle } from '@portal/api-client/envelope';

/** GET /category_experts?batch=N → one batch of experts for the 换一批 button (JSON). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const batch = intParam(new URL(request.url).searchParams, 'batch', 0, 10_000);
  const res = await settle(serverApi(context).get_expert({ batch }));
  if (!isOk(res)) return Response.json({ batch, experts: [] }, { status: 502 });
  return Response.json(
    { batch, experts: res.data.data },
    { headers: { 'Cache-Control': 'public, max-age=60' } },
  );
}
