/**
 * Generated requests for every `/api/{name}` call of the contract: a valid sample payload per call,
 * then mutated (fields dropped, retyped, replaced with hostile values, extra and poisoning keys),
 * sent with mostly-right and sometimes-wrong methods, content types, tokens and paths.
 */
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { endpoints, type EndpointName, type Payload } from '@portal/api-client/contract';
import {
  clip,
  contentType,
  hostileEscape,
  hostileKey,
  hostileQuery,
  hostileString,
  hostileValue,
  hugeString,
  malformedBody,
  method,
  poisonEntries,
  safeEncode,
  toJson,
  toQueryText,
  type Hostile,
  type HttpVerb,
} from '@portal/fuzz';
import { survey } from '../landing-fixtures';
import { COLUMN_ARTICLE } from '../member-helpers';

type Scalar = string | number | boolean;
/** A call's valid payload; uploads are multipart text fields (the file part is generated). */
type Sample<N extends EndpointName> = Payload<N> extends FormData ? Record<string, Scalar> : Payload<N>;

/** The profile fields a member registers with and later changes. */
const PROFILE = {
  email: 'fuzz@example.com',
  company: '测试公司',
  industry: 1,
  position: 1,
  department: 1,
  province: '北京市',
  city: '北京市',
  address: '海淀区',
  company_people: '26-99',
};

/**
 * One valid payload per call, against the demo seed (article 1, activity 1, meet 0, partner demo1,
 * the demo member's column). The mapped type makes a new contract call fail to compile here.
 */
export const SAMPLES: { [N in EndpointName]: Sample<N> } = {
  accessToken: { id: 'test-client', secret: 'test-secret-0123456789' },
  get_category: {},
  company_letter: {},
  website_url: {},
  get_seo: { page: 'home' },
  dropMenu: {},
  smallMenu: {},
  get_adv: {},
  get_loop: { type: 'mobile' },
  get_loop_right: {},
  get_news: {},
  get_policy: {},
  mTop: { type: 10001 },
  mfall: { type: 0, page: 1, pageSize: 10 },
  indexFall: { page: 1, pageseze: 10 },
  m_news: { type: 0, menu_id: 10001, page: 1, pageSize: 10 },
  category_top: { cat_id: 694 },
  category_news: { cat_id: 694 },
  cate_recommend: { cat_id: 694 },
  cate_list: { cat_id: 694, page: 1, pageSize: 20 },
  article_content: { id: 1 },
  article_pv: { id: 1, lasttime: 0, ref: 'https://m.baidu.com/s?word=1', device: 'phone' },
  video_detail: { id: 1 },
  mvideo_list: { page: 1, pageSize: 10 },
  get_schoolTop: {},
  get_school: { cat_id: 0, page: 1, pageSize: 12 },
  doc_ls_fronted: { page: 1, pageSize: 10 },
  it_index: { id: 0 },
  it_list: { year: 2025, page: 1, pageSize: 10 },
  it_sub: { report_id: 1, email: 'reader@example.com' },
  meet_index: { city: '北京', year: 2026, month: 5, title: '大会', page: 1, pageSize: 10 },
  search_list: { title: '人工智能', type: 0, page: 1, pageSize: 10 },
  getForm: { activity_id: 1 },
  form_register: {
    activity_id: 1,
    source: 'demo1',
    content: JSON.stringify({ name: '李四', mobile: '13900139000', email: 'li@example.com' }),
    other: '{}',
    privacy: true,
  },
  option_ls: {},
  get_province: {},
  get_city: { title: '北京市' },
  get_expert: { batch: 0 },
  handle404: { path: '/news/999999' },
  category_solution: { cat_id: 694 },
  get_right: {},
  get_activity: {},
  get_cxo: {},
  get_big: {},
  get_special: {},
  get_video: {},
  get_partner: {},
  get_jobs: {},
  doc_detail: { id: 1 },
  topic_detail: { id: 1 },
  white_paper_file: { id: 1 },
  member_register: { username: 'fuzzreader', mobile: '13912345678', ...PROFILE, password: 'secret123' },
  member_login: { username: 'fuzzreader', password: 'secret123' },
  member_logout: {},
  member_info: { id: 1 },
  member_info_update: PROFILE,
  send_sms: { mobile: '13800138000' },
  drag_captcha: {},
  reset_password: { drag_verify: 'token:120', mobile: '13800138000', password: 'secret123', code: '123456' },
  member_upload: {},
  check_space: { id: 1 },
  space_apply: { id: 1 },
  space_list: { status: 1, page: 1, pageSize: 10 },
  space_channel: {},
  space_category: { channel_id: 1 },
  space_add_article: { ...COLUMN_ARTICLE, draft: 1 },
  space_update_article: {
    id: 1,
    title: '中小企业上云实践',
    channel: 1,
    category: 1,
    content: '<p>正文</p>',
    is_push: 0,
    draft: 1,
  },
  space_edit_article: { id: 1 },
  space_delete_article: { id: 999_999 },
  space_thumb_upload: {},
  vendor_login: { mobile: '13800138000', meet_id: 0 },
  vendor_register: {
    name: '张三',
    mobile: '13700137000',
    email: 'zhang@example.com',
    company: '测试公司',
    department: '信息部',
    position: '经理',
    meetName: '2025 数字化大会',
    question: survey,
    meet_id: 0,
  },
  vendor_log: { meetName: '2025 数字化大会', user_id: 'vendor-user', meet_id: 0 },
  vendor_meet: { meet_id: 0 },
  partner_base: { mark: 'demo1' },
  partner_new: { mark: 'demo1' },
  partner_recommend: { mark: 'demo1' },
  partner_video: { mark: 'demo1' },
  partner_know: { mark: 'demo1' },
  partner_activity: { mark: 'demo1' },
  partner_product: { mark: 'demo1' },
  wechat_signature: { url: 'http://localhost:8080/AI/1?from=timeline' },
  newsletter_get: {},
  newsletter_set: { subscribed: true, email: 'reader@example.com' },
  newsletter_unsubscribe: { token: '1.4102444800.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
  complaint_add: {
    url: 'http://localhost:8080/AI/1',
    article_id: 1,
    reason: '虚假信息',
    description: '标题与内容不符',
    contact: 'reader@example.com',
  },
};

/** What a fuzz run knows about the world: a valid access token and a logged-in member. */
export interface FuzzContext {
  token: string;
  member: { stoken: string; member_id: number };
}

/** A generated request: inject options plus a short description for failure messages. */
export interface FuzzRequest {
  options: InjectOptions;
  describe(): string;
}

/** Mutates a valid payload: each field kept, dropped or replaced, plus extra and poisoning keys. */
function payloadEntries(
  sample: Record<string, unknown>,
  huge: fc.Arbitrary<string>,
): fc.Arbitrary<[string, Hostile][]> {
  const fields = Object.entries(sample).map(([key, valid]) =>
    fc.oneof(
      { arbitrary: fc.constant<[string, Hostile][]>([[key, valid as Hostile]]), weight: 4 },
      { arbitrary: fc.constant<[string, Hostile][]>([]), weight: 1 },
      { arbitrary: hostileValue(huge).map((v): [string, Hostile][] => [[key, v]]), weight: 4 },
      // Valid value with hostile text around it (reaches past type checks into length and format rules).
      {
        arbitrary: fc
          .tuple(hostileString, fc.boolean())
          .map(([s, before]): [string, Hostile][] => [
            [key, before ? `${s}${String(valid)}` : `${String(valid)}${s}`],
          ]),
        weight: 2,
      },
    ),
  );
  return fc
    .tuple(
      fc.tuple(...fields),
      fc.array(fc.tuple(hostileKey, hostileValue(huge)), { maxLength: 3 }),
      fc.option(poisonEntries, { freq: 8 }),
    )
    .map(([kept, extra, poison]) => [...kept.flat(), ...extra, ...(poison ? [poison] : [])]);
}

/** The member identity: usually the live one (validation behind the session check is reached). */
const identity = (ctx: FuzzContext): fc.Arbitrary<[string, Hostile][]> =>
  fc.oneof(
    {
      arbitrary: fc.constant<[string, Hostile][]>([
        ['stoken', ctx.member.stoken],
        ['member_id', ctx.member.member_id],
      ]),
      weight: 8,
    },
    { arbitrary: fc.constant<[string, Hostile][]>([]), weight: 1 },
    {
      arbitrary: fc
        .tuple(hostileValue(hugeString(4096)), hostileValue(hugeString(4096)))
        .map(([s, m]): [string, Hostile][] => [
          ['stoken', s],
          ['member_id', m],
        ]),
      weight: 1,
    },
    {
      arbitrary: fc.constant<[string, Hostile][]>([
        ['stoken', ctx.member.stoken],
        ['member_id', ctx.member.member_id + 1],
      ]),
      weight: 1,
    },
  );

const authorization = (ctx: FuzzContext): fc.Arbitrary<string | undefined> =>
  fc.oneof(
    { arbitrary: fc.constant(`Bearer ${ctx.token}`), weight: 10 },
    {
      arbitrary: fc.constantFrom(
        undefined,
        'Bearer',
        'Bearer ',
        'Basic YTpi',
        `bearer ${ctx.token}`,
        `Bearer ${ctx.token}x`,
      ),
      weight: 1,
    },
    { arbitrary: hostileString.map((s) => `Bearer ${s.replace(/[^\x20-\x7e]/g, '')}`), weight: 1 },
  );

/** `/api/{name}`, now and then with a hostile suffix or prefix. */
const apiPath = (name: EndpointName): fc.Arbitrary<string> =>
  fc.oneof(
    { arbitrary: fc.constant(`/api/${name}`), weight: 12 },
    {
      arbitrary: fc.oneof(
        hostileEscape.map((e) => `/api/${name}${e}`),
        hostileEscape.map((e) => `/api/${e}${name}`),
        fc.constantFrom(
          `/api/${name}/`,
          `/api/${name}/..`,
          `//api/${name}`,
          `/api/${name.toUpperCase()}`,
          `/api/${name}.json`,
          `/api/./${name}`,
        ),
      ),
      weight: 1,
    },
  );

function queryString(entries: [string, Hostile][]): string {
  return entries.map(([k, v]) => `${safeEncode(k)}=${safeEncode(toQueryText(v))}`).join('&');
}

/** A multipart body: the identity and extra fields, and a file part with hostile name, type and bytes. */
const multipartBody = (ctx: FuzzContext) =>
  fc
    .record({
      fields: fc.tuple(identity(ctx), fc.array(fc.tuple(hostileKey, hostileString), { maxLength: 2 })),
      filename: fc.oneof(
        fc.constantFrom('a.png', 'a.jpg', 'a.svg', '../../x.png', 'a.php.png', ''),
        hostileString,
      ),
      fileType: fc.constantFrom(
        'image/png',
        'image/jpeg',
        'image/svg+xml',
        'text/html',
        'application/octet-stream',
        '',
      ),
      bytes: fc.oneof(
        fc.uint8Array({ maxLength: 512 }),
        fc.constant(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])),
        fc.constant(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')),
      ),
      boundary: fc.oneof(
        { arbitrary: fc.constant('fuzzboundary'), weight: 5 },
        { arbitrary: hostileString, weight: 1 },
      ),
      truncate: fc.option(fc.nat(400), { freq: 4 }),
      withFile: fc.boolean(),
    })
    .map(({ fields, filename, fileType, bytes, boundary, truncate, withFile }) => {
      const [ident, extra] = fields;
      const parts: Buffer[] = [];
      for (const [name, value] of [...ident, ...extra]) {
        parts.push(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${toQueryText(value)}\r\n`,
          ),
        );
      }
      if (withFile) {
        parts.push(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${fileType}\r\n\r\n`,
          ),
          Buffer.from(bytes),
          Buffer.from('\r\n'),
        );
      }
      parts.push(Buffer.from(`--${boundary}--\r\n`));
      const body = Buffer.concat(parts);
      return {
        payload: truncate === null ? body : body.subarray(0, truncate),
        // Header values must stay printable ASCII (the injector refuses others before the server sees them).
        contentType: `multipart/form-data; boundary=${boundary.replace(/[^\x20-\x7e]/g, '')}`,
      };
    });

/** Generated requests for one call. */
export function apiRequest(name: EndpointName, ctx: FuzzContext, hugeMax: number): fc.Arbitrary<FuzzRequest> {
  const spec = endpoints[name];
  const huge = hugeString(hugeMax);
  const sample = SAMPLES[name] as Record<string, unknown>;
  const member = spec.access === 'member';
  const payload = fc
    .tuple(payloadEntries(sample, huge), member ? identity(ctx) : fc.constant<[string, Hostile][]>([]))
    .map(([fields, ident]) => [...ident, ...fields]);

  return fc
    .record({
      verb: method(spec.method as HttpVerb),
      path: apiPath(name),
      authorization: authorization(ctx),
      payload,
      // How the payload travels: as the call expects, or as raw malformed text, or not at all.
      shape: fc.oneof(
        { arbitrary: fc.constant('expected' as const), weight: 10 },
        {
          arbitrary: fc.constantFrom('malformed' as const, 'empty' as const, 'query-too' as const),
          weight: 2,
        },
      ),
      malformed: malformedBody,
      extraQuery: hostileQuery,
      contentType,
      multipart: spec.multipart ? multipartBody(ctx) : fc.constant(null),
      // Every request from its own address, so per-IP limits leave the deeper checks reachable.
      remoteAddress: fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)).map(([a, b, c]) => `10.${a}.${b}.${c}`),
    })
    .map(
      ({
        verb,
        path,
        authorization: auth,
        payload: entries,
        shape,
        malformed,
        extraQuery,
        contentType: type,
        multipart,
        remoteAddress,
      }) => {
        const headers: Record<string, string> = {};
        if (auth !== undefined) headers.authorization = auth;
        let url = path;
        let body: string | Buffer | undefined;
        const asQuery = spec.method === 'GET';
        if (asQuery) {
          const q = shape === 'malformed' ? extraQuery : queryString(entries);
          if (q) url += `${url.includes('?') ? '&' : '?'}${q}`;
          // A GET call sent with another method carries its payload as a body too.
          if (verb !== 'GET' && verb !== 'HEAD' && shape !== 'empty') {
            body = toJson({ entries });
            if (type !== undefined) headers['content-type'] = type;
          }
        } else if (multipart && shape === 'expected') {
          body = multipart.payload;
          headers['content-type'] = multipart.contentType;
        } else {
          if (shape === 'expected' || shape === 'query-too') body = toJson({ entries });
          else if (shape === 'malformed') body = malformed;
          if (shape === 'query-too') url += `?${extraQuery}`;
          if (type !== undefined && shape !== 'empty') headers['content-type'] = type;
        }
        if (body !== undefined && (verb === 'GET' || verb === 'HEAD')) body = undefined;
        const options: InjectOptions = {
          method: verb,
          url,
          headers,
          remoteAddress,
          ...(body !== undefined ? { payload: body } : {}),
        };
        return {
          options,
          describe: () =>
            `${verb} ${clip(url, 300)} content-type=${headers['content-type'] ?? '-'} body=${body === undefined ? '-' : clip(String(body))}`,
          [fc.toStringMethod]: () =>
            `${verb} ${clip(url, 120)} body=${body === undefined ? '-' : clip(String(body), 120)}`,
        };
      },
    );
}
