import type { APIRequestContext } from '@playwright/test';
import { E2E_CLIENT } from './credentials';

/** One access token per worker, as a browser keeps one: the API limits token purchases per IP. */
let token: Promise<string> | undefined;
export function accessToken(request: APIRequestContext): Promise<string> {
  token ??= request
    .post('/api/accessToken', { data: E2E_CLIENT })
    .then(async (res) => ((await res.json()) as { data: { access_token: string } }).data.access_token);
  return token;
}

/** Reads seeded content straight from the API, so page assertions compare against real data. */
export async function apiCall<T>(
  request: APIRequestContext,
  name: string,
  payload: Record<string, unknown> = {},
  method: 'GET' | 'POST' = 'GET',
): Promise<T> {
  const headers = { authorization: `Bearer ${await accessToken(request)}` };
  const res =
    method === 'GET'
      ? await request.get(`/api/${name}`, { headers, params: payload as Record<string, string> })
      : await request.post(`/api/${name}`, { headers, data: payload });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  if (body.code !== 0) throw new Error(`${name}: ${body.code} ${body.msg}`);
  return body.data;
}

/** A POST call with the worker's token (most calls of the spec are POST). */
export function apiPost<T>(
  request: APIRequestContext,
  name: string,
  payload: Record<string, unknown>,
): Promise<T> {
  return apiCall<T>(request, name, payload, 'POST');
}

/** A new member, registered and logged in through the API (as the registration form does). */
export async function registerMember(
  request: APIRequestContext,
  username: string,
  mobile: string,
): Promise<{ id: number; stoken: string; username: string }> {
  const password = 'secret123';
  await apiPost(request, 'member_register', {
    username,
    mobile,
    email: `${username}@example.com`,
    company: '测试公司',
    industry: 1,
    position: 1,
    department: 1,
    province: '北京市',
    city: '北京市',
    address: '海淀区',
    company_people: '26-99',
    password,
  });
  const login = await apiPost<{ id: number; stoken: string }>(request, 'member_login', {
    username,
    password,
  });
  return { id: login.id, stoken: login.stoken, username };
}
