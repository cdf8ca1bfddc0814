import { randomBytes } from 'node:crypto';
import type { Envelope } from '@portal/api-client/codes';
import type { Db } from '../src/db';
import { TOLERANCE } from '../src/lib/sms/drag-captcha';
import type { TestApp } from './helpers';

/** Option lists, public categories and column channels/categories the member tests rely on. */
export async function insertMemberFixtures(database: Db): Promise<void> {
  const { db } = database;
  for (const kind of ['industry', 'position', 'department'] as const) {
    await db
      .insertInto('options')
      .values([1, 2, 3].map((id) => ({ kind, id, name: `${kind}-${id}` })))
      .execute();
  }
  await db
    .insertInto('categories')
    .values([
      { id: 694, name: '人工智能', alias: 'AI', sort: 1 },
      { id: 56, name: '存储', alias: 'storage', sort: 2 },
      { id: 55, name: '软件', alias: 'software', sort: 3 },
    ])
    .execute();
  await db
    .insertInto('column_channels')
    .values([
      { id: 1, name: '技术' },
      { id: 2, name: '行业' },
    ])
    .execute();
  await db
    .insertInto('column_categories')
    .values([
      { id: 1, channel_id: 1, cat_id: 694, name: '人工智能' },
      { id: 2, channel_id: 1, cat_id: 56, name: '存储' },
      { id: 3, channel_id: 2, cat_id: 55, name: '软件' },
    ])
    .execute();
}

let counter = 0;
/** A username and mobile no other test in the run uses. */
export function uniqueIdentity(): { username: string; mobile: string } {
  counter += 1;
  const n = (Date.now() % 1_000_000) * 100 + counter;
  return {
    username: `user${randomBytes(3).toString('hex')}${counter}`,
    mobile: `139${String(n).padStart(8, '0').slice(-8)}`,
  };
}

export function registration(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const id = uniqueIdentity();
  return {
    username: id.username,
    mobile: id.mobile,
    email: `${id.username}@example.com`,
    company: '测试公司',
    industry: 1,
    position: 2,
    department: 3,
    province: '北京市',
    city: '北京市',
    address: '海淀区',
    company_people: '26-99',
    password: 'secret123',
    ...overrides,
  };
}

export interface Session {
  id: number;
  stoken: string;
  username: string;
  mobile: string;
  /** stoken + member_id, as the clients add them. */
  identity: { stoken: string; member_id: number };
}

/** Registers a fresh member through the API and logs it in. */
export async function newMember(t: TestApp, overrides: Record<string, unknown> = {}): Promise<Session> {
  const body = registration(overrides);
  const reg = await t.call<{ id: number }>('member_register', body);
  if (reg.code !== 0) throw new Error(`register failed: ${reg.msg}`);
  const login = await t.call<{ id: number; stoken: string }>('member_login', {
    username: body.username,
    password: body.password,
  });
  if (login.code !== 0) throw new Error(`login failed: ${login.msg}`);
  return {
    id: login.data.id,
    stoken: login.data.stoken,
    username: String(body.username),
    mobile: String(body.mobile),
    identity: { stoken: login.data.stoken, member_id: login.data.id },
  };
}

export { TOLERANCE };

/** A multipart/form-data body with text fields and one file part. */
export function multipart(
  fields: Record<string, string | number>,
  file?: { name: string; type: string; data: Buffer; field?: string },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----portaltest${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** POSTs a multipart upload with the access token. */
export async function upload<T>(
  t: TestApp,
  name: 'member_upload' | 'space_thumb_upload',
  fields: Record<string, string | number>,
  file?: { name: string; type: string; data: Buffer; field?: string },
): Promise<{ status: number; body: Envelope<T> }> {
  const { payload, headers } = multipart(fields, file);
  const res = await t.inject({
    method: 'POST',
    url: `/api/${name}`,
    payload,
    headers: { ...headers, authorization: `Bearer ${t.token}` },
  });
  return { status: res.statusCode, body: res.json() as Envelope<T> };
}
