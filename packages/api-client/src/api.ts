import type { Envelope } from './codes';
import { endpoints, type Data, type EndpointName, type Payload } from './contract';

/** Sends one call and resolves with its envelope. Axios over HTTP in browsers; in-process on the server. */
export type Transport = <N extends EndpointName>(name: N, payload: Payload<N>) => Promise<Envelope<Data<N>>>;

/** One typed function per call of spec section 7: `api.get_news({})`, `api.cate_list({cat_id, page, pageSize})`. */
export type Api = { [N in EndpointName]: (payload: Payload<N>) => Promise<Envelope<Data<N>>> };

export function createApi(transport: Transport): Api {
  const api = {} as Record<EndpointName, (payload: unknown) => Promise<unknown>>;
  for (const name of Object.keys(endpoints) as EndpointName[]) {
    api[name] = (payload) => transport(name, payload as never);
  }
  return api as Api;
}
