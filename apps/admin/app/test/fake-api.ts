import { AxiosError, type AxiosAdapter, type AxiosResponse } from 'axios';
import { http } from '../lib/api';

/**
 * The back office's /admin/api, answered inside a component test: the app's own axios client
 * (`http` of lib/api) gets an adapter that records each call and answers it from `routes`, so the
 * pages, their loaders and the client's error handling all run as in the browser.
 */

export interface Call {
  method: string;
  /** The path under /admin/api, without the query. */
  path: string;
  /** The query, as text (absent values left out, as axios sends them). */
  params: Record<string, string>;
  body: unknown;
}

export interface Reply {
  status?: number;
  data?: unknown;
}

/** `'GET /banners'`, `'PUT /banners/:id'` (a `:name` matches one path segment) → its answer. */
type Routes = Record<string, (call: Call) => Reply>;

const matcher = (pattern: string) =>
  new RegExp(`^${pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\/:\w+/g, '/[^/]+')}$`);

function textParams(params: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (params && typeof params === 'object')
    for (const [k, v] of Object.entries(params))
      if (v !== undefined && v !== null) out[k] = String(v as string | number);
  return out;
}

/** Installs the fake API; its `calls` are every request in order. */
export function fakeApi(routes: Routes) {
  const calls: Call[] = [];
  const table = Object.entries(routes).map(([key, answer]) => ({ re: matcher(key), answer }));
  const adapter: AxiosAdapter = async (config) => {
    const call: Call = {
      method: (config.method ?? 'get').toUpperCase(),
      path: config.url ?? '',
      params: textParams(config.params),
      body: typeof config.data === 'string' ? (JSON.parse(config.data) as unknown) : config.data,
    };
    calls.push(call);
    const route = table.find((r) => r.re.test(`${call.method} ${call.path}`));
    const { status = 200, data = null } = route
      ? route.answer(call)
      : { status: 404, data: { message: `no fake for ${call.method} ${call.path}` } };
    const response: AxiosResponse = { data, status, statusText: String(status), headers: {}, config };
    if (status >= 400) throw new AxiosError(`status ${status}`, 'ERR_BAD_RESPONSE', config, null, response);
    return response;
  };
  http.defaults.adapter = adapter;
  return {
    calls,
    /** The calls of one method and path pattern. */
    callsTo: (key: string) => calls.filter((c) => matcher(key).test(`${c.method} ${c.path}`)),
  };
}
