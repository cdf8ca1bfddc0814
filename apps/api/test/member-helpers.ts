import { randomBytes } from 'node:crypto';
import type { Envelope } from '@portal/api-client/codes';
import { ColumnStatus } from '@portal/api-client/constants';
import type { Db } from '../src/db';
import sharp from 'sharp';
import type { ColumnArticlePayload, DragChallenge } from '@portal/api-client/contract';
import { OUTLINE, TOLERANCE } from '../src/lib/sms/drag-captcha';
import { multipart, type CallOptions, type FilePart, type TestApp } from './helpers';

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

/** A column article as the member's editor sends it to space_add_article (with the identity added). */
export const COLUMN_ARTICLE: ColumnArticlePayload = {
  title: '中小企业上云实践',
  channel: 1,
  category: 1,
  content: '<p>正文<strong>内容</strong></p>',
  description: '一篇测试文章',
  keyword: '云计算',
  is_push: 1,
};

/** A fresh member whose column is open (approved by an editor), so it writes column articles. */
export async function approvedColumnist(t: TestApp): Promise<Session> {
  const member = await newMember(t);
  await t.app.database.db
    .updateTable('members')
    .set({ column_status: ColumnStatus.Approved })
    .where('id', '=', member.id)
    .execute();
  return member;
}

/**
 * Where the gap of a drag_captcha picture is, found the way a person sees it: the left edge of the
 * outlined square on the piece's row. The JSON alone does not tell (the answer stays on the server).
 */
export async function findGap(challenge: DragChallenge): Promise<number> {
  const png = Buffer.from(challenge.image.replace(/^data:image\/png;base64,/, ''), 'base64');
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const white = (x: number, y: number) => {
    const at = (y * info.width + x) * info.channels;
    return data[at] === OUTLINE && data[at + 1] === OUTLINE && data[at + 2] === OUTLINE;
  };
  const rows = Array.from({ length: challenge.piece_size }, (_, i) => challenge.y + i);
  for (let x = 0; x + challenge.piece_size <= info.width; x++) {
    if (rows.every((y) => white(x, y))) return x;
  }
  throw new Error('no gap in the drag_captcha picture');
}

/** Asks for a challenge and solves it as a person would; `miss` moves the drop off the gap. */
export async function dragProof(t: TestApp, miss = 0, options: CallOptions = {}): Promise<string> {
  const res = await t.call<DragChallenge>('drag_captcha', {}, options);
  if (res.code !== 0) throw new Error(`drag_captcha failed: ${res.msg}`);
  return `${res.data.id}:${(await findGap(res.data)) + miss}`;
}

export { TOLERANCE };

/** POSTs a multipart upload with the access token. */
export async function upload<T>(
  t: TestApp,
  name: 'member_upload' | 'space_thumb_upload',
  fields: Record<string, string | number>,
  file?: FilePart,
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
