import { load, referenceServer, type LoadResult } from './load';
import { BENCH_CLIENT } from './proc';

export interface Call {
  name: string;
  label: string;
  body: Record<string, unknown>;
}

/** The calls of issue 7, part 1. `deepPage` is chosen from the data size. */
export function apiCalls(articleId: number, deepPage: number): Call[] {
  return [
    { name: 'article_content', label: 'article_content', body: { id: articleId } },
    { name: 'cate_list', label: 'cate_list p1', body: { cat_id: 0, page: 1, pageSize: 21 } },
    { name: 'cate_list', label: `cate_list p${deepPage}`, body: { cat_id: 0, page: deepPage, pageSize: 21 } },
    { name: 'indexFall', label: 'indexFall', body: { page: 1, pageseze: 10 } },
    { name: 'search_list', label: 'search 2 chars (存储)', body: { title: '存储', page: 1, pageSize: 10 } },
    {
      name: 'search_list',
      label: 'search 4 chars (人工智能)',
      body: { title: '人工智能', page: 1, pageSize: 10 },
    },
  ];
}

export interface ApiRow extends LoadResult {
  call: string;
  ref_rps: number;
  /** rps as a fraction of the bare-Node ceiling serving the same bytes. */
  of_ceiling: number;
}

/** A client credential of the portal under test. */
export interface Client {
  id: string;
  secret: string;
}

export async function accessToken(base: string, client: Client = BENCH_CLIENT): Promise<string> {
  const res = await fetch(`${base}/api/accessToken`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(client),
  });
  const body = (await res.json()) as { code: number; data: { access_token: string } };
  if (body.code !== 0) throw new Error(`accessToken failed: ${JSON.stringify(body)}`);
  return body.data.access_token;
}

export async function callApi<T>(
  base: string,
  token: string,
  name: string,
  body: unknown,
): Promise<{ code: number; data: T; total?: number; raw: Buffer }> {
  const res = await fetch(`${base}/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const raw = Buffer.from(await res.arrayBuffer());
  return { ...(JSON.parse(raw.toString()) as { code: number; data: T; total?: number }), raw };
}

/** Facts about the database behind `base` needed to choose the calls. */
export async function probe(base: string, token: string): Promise<{ total: number; articleId: number }> {
  const list = await callApi<{ id: number }[]>(base, token, 'cate_list', {
    cat_id: 0,
    page: 1,
    pageSize: 21,
  });
  if (list.code !== 0 || !list.data.length) throw new Error('cate_list returned no articles');
  return { total: list.total ?? 0, articleId: list.data[0].id };
}

/** Each call under load, beside the ceiling serving its exact bytes. */
export async function benchApi(
  base: string,
  calls: Call[],
  seconds: number,
  client: Client = BENCH_CLIENT,
): Promise<ApiRow[]> {
  const token = await accessToken(base, client);
  const ref = await referenceServer();
  const rows: ApiRow[] = [];
  try {
    for (const c of calls) {
      const sample = await callApi(base, token, c.name, c.body);
      if (sample.code !== 0) throw new Error(`${c.label} answered code ${sample.code}`);
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
      const body = JSON.stringify(c.body);
      const r = await load({ url: `${base}/api/${c.name}`, method: 'POST', body, headers }, seconds);
      ref.set(sample.raw, 'application/json');
      const rr = await load({ url: ref.url, method: 'POST', body, headers }, seconds);
      rows.push({ call: c.label, ...r, ref_rps: rr.rps, of_ceiling: round(r.rps / rr.rps) });
      console.log(`  ${c.label}: ${r.rps} req/s (ceiling ${rr.rps}), p50 ${r.p50} ms, p99 ${r.p99} ms`);
    }
  } finally {
    await ref.close();
  }
  return rows;
}

export const round = (n: number, d = 3) => Math.round(n * 10 ** d) / 10 ** d;
