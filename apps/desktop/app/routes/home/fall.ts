import { serverApi } from '@portal/api-client/server';
import type { Route } from './+types/fall';
import { loadFallPage } from './home.server';

/** GET /index_fall?page=N → the Nth page of the home waterfall as JSON (no HTTP client in the browser). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = Number(new URL(request.url).searchParams.get('page'));
  if (!Number.isInteger(page) || page < 1 || page > 10_000) {
    return Response.json({ items: [] }, { status: 400 });
  }
  const items = await loadFallPage(serverApi(context), page);
  return Response.json({ items }, { headers: { 'Cache-Control': 'public, max-age=30' } });
}
