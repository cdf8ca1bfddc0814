/**
 * Generated bad input for every `/api/{name}` call of the contract (issue 11, "the suite that
 * proves it"): FUZZ_RUNS requests per call (`pnpm soak` runs the full 1,000; `npm test` and CI a
 * count that fits their time budget) of wrong types, missing and extra fields, huge strings, odd Unicode, prototype-poisoning
 * keys, SQL and HTML metacharacters, wrong methods and content types and hostile percent-escapes,
 * anonymous and as a logged-in member. Every answer: no 5xx, no hang, a documented code with a
 * Chinese message.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ErrorCode, type Envelope } from '@portal/api-client/codes';
import { endpoints, type EndpointName } from '@portal/api-client/contract';
import { DEMO_MEMBER } from '../src/seed/index';
import { apiRequest, type FuzzContext, type FuzzRequest } from './fuzz/api-requests';
import { CHINESE, fuzzRuns, fuzzSeed, withinTime } from '@portal/fuzz';
import { startFakeWechat, type FakeWechat } from './fake-wechat';
import { DIALECTS, startTestApp, type TestApp } from './helpers';
import { newMember } from './member-helpers';

/**
 * Requests per call in `npm test` and CI (about a minute on two cores for the 79 calls); `pnpm soak`
 * sets FUZZ_RUNS=1000, the full count.
 */
const API_FUZZ_RUNS = 200;
/** PostgreSQL runs the same validation and handlers more slowly: fewer runs there unless FUZZ_RUNS is set. */
const PG_FUZZ_RUNS = 50;
/** An answer slower than this is a hang (generous: two shared cores, huge bodies). */
const HANG_MS = 30_000;
/** Largest huge string when no known hole limits it: a little past the 1 MiB body limit. */
const HUGE_MAX = 1024 * 1024 + 1024;

const DOCUMENTED_CODES = new Set<number>(Object.values(ErrorCode));

/** Throws with the request when the answer breaks a rule (fast-check reports the first one). */
async function check(t: TestApp, call: EndpointName, req: FuzzRequest): Promise<void> {
  const res = await withinTime(t.inject(req.options), HANG_MS, req.describe);
  const fail = (why: string) => {
    throw new Error(
      `${call}: ${why} (status ${res.statusCode}) for ${req.describe()} → ${res.body.slice(0, 300)}`,
    );
  };
  if (res.statusCode >= 500) fail('server error');
  if (req.options.method === 'HEAD') return;
  const type = String(res.headers['content-type'] ?? '');
  // white_paper_file answers the PDF itself on success (contract.ts); every other answer is an envelope.
  if (call === 'white_paper_file' && res.statusCode === 200 && type.startsWith('application/pdf')) return;
  let body: Envelope<unknown>;
  try {
    body = res.json<Envelope<unknown>>();
  } catch {
    return fail('answer is not JSON');
  }
  if (!DOCUMENTED_CODES.has(body.code)) fail(`undocumented code ${String(body.code)}`);
  if (body.code !== ErrorCode.Ok && !(typeof body.msg === 'string' && CHINESE.test(body.msg))) {
    fail('refusal without a Chinese message');
  }
}

const CALLS = Object.keys(endpoints) as EndpointName[];

describe.each(DIALECTS)('generated bad input on %s', (dialect) => {
  let t: TestApp;
  let ctx: FuzzContext;
  let logoutCtx: FuzzContext;
  let wechat: FakeWechat;
  const runs = fuzzRuns(dialect === 'sqlite' ? API_FUZZ_RUNS : PG_FUZZ_RUNS);

  beforeAll(async () => {
    // The demo seed: real articles, forms, vendor meets, partners and a member with an approved column.
    // WeChat configured against a local fake, so wechat_signature's valid samples reach the signing.
    wechat = await startFakeWechat();
    t = await startTestApp(dialect, undefined, { seed: true, wechat: wechat.settings() });
    const login = await t.call<{ id: number; stoken: string }>('member_login', {
      username: DEMO_MEMBER.username,
      password: DEMO_MEMBER.password,
    });
    if (login.code !== 0) throw new Error(`demo login failed: ${login.msg}`);
    ctx = { token: t.token, member: { stoken: login.data.stoken, member_id: login.data.id } };
    // member_logout ends the session it is given: it gets a member of its own.
    const other = await newMember(t);
    logoutCtx = { token: t.token, member: other.identity };
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await wechat?.close();
  });

  it.each(CALLS.map((call, index) => [call, index] as const))(
    '%s: no 5xx, no hang, documented codes with Chinese messages',
    async (call, index) => {
      const context = call === 'member_logout' ? logoutCtx : ctx;
      await fc.assert(
        fc.asyncProperty(apiRequest(call, context, HUGE_MAX), (req) => check(t, call, req)),
        // A seed per call, so the calls do not all get the same sequence of choices.
        { numRuns: runs, seed: fuzzSeed() + index, endOnFailure: true },
      );
    },
    // Bounded by count, not time; the timeout only stops a run that went wrong.
    600_000,
  );
});
