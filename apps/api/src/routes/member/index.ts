import { rehashPassword } from '../../repositories/password-rehash';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { mixed, number, object, string } from 'yup';
import { ErrorCode, ERROR_MESSAGES } from '@portal/api-client/codes';
import { AVATAR_MAX_BYTES, MAX_ID, MemberStatus } from '@portal/api-client/constants';
import { writtenBy } from '@portal/api-client/entities/derive';
import type { EntityField } from '@portal/api-client/entities/field';
import { MEMBER_FIELDS } from '@portal/api-client/entities/member';
import { loginSchema, memberRegisterSchema, MSG, profileSchema } from '@portal/api-client/schemas';
import { addressKey } from '../../lib/address-key';
import type { ApiConfig } from '../../config';
import { ApiError } from '../../lib/envelope';
import { ok } from '@portal/api-client/envelope';
import { hashPassword, needsRehash, verifyNothing, verifyPassword } from '../../lib/password';
import {
  AVATAR_SIZE_MSG,
  isOwnAvatar,
  storeAvatar,
  UPLOAD_MISSING_MSG,
  type ReceivedFile,
} from '../../lib/uploads';
import * as members from '../../repositories/members';
import { optionExists } from '../../repositories/site';
import type { Screened } from '../../plugins/moderation';
import type { RateLimitResult } from '../../lib/rate-limit';
import { defineSchemaCall } from '../define-call';
import { memberOf } from './call';
import { registerSmsCalls } from './sms';
import type { SmsProvider } from '../../lib/sms';

/** How long a login (stoken) lasts. */
export const SESSION_TTL_MS = 7 * 24 * 3600 * 1000;
/** Failed logins allowed per account (and 4× that per IP) before the wait starts; it doubles each time. */
export const LOGIN_MAX_FAILURES = 5;
/** The per-IP allowance is this many accounts' worth (an office shares one address). */
export const LOGIN_IP_FACTOR = 4;
/** How long a doubled wait is remembered. */
const LOGIN_LEVEL_MEMORY_MS = 24 * 3600_000;
const LOGIN_BASE_WAIT_MS = 60_000;
const LOGIN_MAX_WAIT_MS = 3600_000;
export const REGISTER_PER_IP_HOUR = 20;

export interface MemberRoutesOptions {
  config: ApiConfig;
  /** SMS delivery; the outbox (or SMS_PROVIDER's) when not given. */
  sms?: SmsProvider;
  /** Clock for code expiry and sessions (tests pass their own). */
  now?: () => number;
}

/** Member accounts: register, login/logout, profile, avatar upload, SMS code and password reset. */
export default async function memberRoutes(app: FastifyInstance, opts: MemberRoutesOptions): Promise<void> {
  const now = opts.now ?? (() => Date.now());

  defineSchemaCall(app, 'member_register', memberRegisterSchema, async (payload, request) => {
    await app.rateLimit.consume(`register:ip:${addressKey(request.ip)}`, REGISTER_PER_IP_HOUR, 3600_000);
    await checkOptions(app, payload);
    const screened = await screenProfile(
      app,
      'member-register',
      `visitor:${request.ip}`,
      REGISTERED,
      payload,
    );
    // The payload holds the declared fields only (the schema strips the rest); texts as screened.
    const { password, ...profile } = payload;
    const created = await members.createMember(
      app.database,
      { ...profile, ...screened.values, password_hash: await hashPassword(password) },
      now(),
    );
    if (!created.ok) {
      throw new ApiError(
        ErrorCode.Conflict,
        created.taken === 'username' ? '该会员名已被注册' : '该手机号已被注册',
      );
    }
    await screened.record(created.id);
    return ok({ id: created.id }, { msg: MSG.registered });
  });

  defineSchemaCall(app, 'member_login', loginSchema, async (payload, request) => {
    const userKey = `login:user:${payload.username.toLowerCase()}`;
    const ipKey = `login:ip:${addressKey(request.ip)}`;
    // Raise, then check: every attempt is counted (one atomic increment) before the slow hash, so
    // parallel guesses cannot all read a count under the limit and all be evaluated.
    const byUser = await countAttempt(app, userKey, LOGIN_MAX_FAILURES);
    const byIp = await countAttempt(app, ipKey, LOGIN_MAX_FAILURES * LOGIN_IP_FACTOR);
    if (!byUser.allowed || !byIp.allowed) {
      throw new ApiError(ErrorCode.RateLimited, MSG.loginLimited);
    }
    const member = await members.findCredentials(app.database, payload.username);
    // An unknown username costs one hash too, so timing does not tell which names exist.
    const valid = member
      ? await verifyPassword(payload.password, member.password_hash)
      : await verifyNothing(payload.password);
    if (!member || !valid || member.status !== MemberStatus.Active) {
      // The attempt that used up the allowance makes the next wait twice as long.
      if (byUser.count === LOGIN_MAX_FAILURES) await raiseLevel(app, userKey);
      if (byIp.count === LOGIN_MAX_FAILURES * LOGIN_IP_FACTOR) await raiseLevel(app, ipKey);
      throw new ApiError(ErrorCode.BadCredentials, ERROR_MESSAGES[ErrorCode.BadCredentials]);
    }
    // A success was no failure: the account starts afresh, the address gets its attempt back.
    await app.rateLimit.reset(userKey);
    await app.rateLimit.reset(levelKey(userKey));
    await app.rateLimit.undo(ipKey);
    // A hash made with older scrypt parameters is replaced now that the password is at hand.
    if (needsRehash(member.password_hash)) {
      await rehashPassword(
        app.database,
        'members',
        member.id,
        member.password_hash,
        await hashPassword(payload.password),
        now(),
      );
    }
    const stoken = randomBytes(32).toString('base64url');
    await members.createSession(app.database, member.id, stoken, now(), SESSION_TTL_MS);
    return ok(
      { id: member.id, stoken, username: member.username, avatar: member.avatar },
      {
        msg: MSG.loggedIn,
      },
    );
  });

  // stoken stays in the payload here (the schema keeps it) because logout ends exactly that session.
  defineSchemaCall(app, 'member_logout', object({ stoken: string().required() }), async (payload) => {
    await members.deleteSession(app.database, payload.stoken);
    return ok(null, { msg: MSG.loggedOut });
  });

  defineSchemaCall(
    app,
    'member_info',
    object({
      id: number()
        .typeError('会员编号不正确')
        .integer('会员编号不正确')
        .max(MAX_ID, '会员编号不正确')
        .required('会员编号不能为空'),
    }),
    async (payload, request) => {
      const memberId = memberOf(request);
      // Only one's own profile: the member comes from the stoken, never from the body.
      if (payload.id !== memberId) throw new ApiError(ErrorCode.Forbidden);
      const member = await members.findMember(app.database, memberId);
      if (!member) throw new ApiError(ErrorCode.SessionInvalid);
      return ok(member);
    },
  );

  defineSchemaCall(app, 'member_info_update', profileSchema, async (payload, request) => {
    const memberId = memberOf(request);
    await checkOptions(app, payload);
    const current = await members.findMember(app.database, memberId);
    if (!current) throw new ApiError(ErrorCode.SessionInvalid);
    const screened = await screenProfile(app, 'member-profile', `member:${memberId}`, CHANGED, payload);
    let avatar: string | undefined;
    if (payload.avatar !== undefined && payload.avatar !== current.avatar) {
      // Only a file this member uploaded through member_upload (or '' to remove it).
      if (payload.avatar !== '' && !(await isOwnAvatar(payload.avatar, memberId, app.fileStore))) {
        throw new ApiError(ErrorCode.Validation, '头像地址无效，请重新上传');
      }
      avatar = payload.avatar;
    }
    // The payload holds the declared fields only (the schema strips the rest); texts as screened.
    const { avatar: _sent, ...profile } = payload;
    const updated = await members.updateProfile(
      app.database,
      memberId,
      { ...profile, ...screened.values, ...(avatar !== undefined ? { avatar } : {}) },
      now(),
    );
    if (!updated) throw new ApiError(ErrorCode.SessionInvalid);
    await screened.record(memberId);
    return ok(updated, { msg: MSG.saved });
  });

  registerUpload(app, 'member_upload', AVATAR_MAX_BYTES, AVATAR_SIZE_MSG, async (file, request) => {
    const stored = await storeAvatar(file, app.fileStore, app.imageDecodes, memberOf(request));
    return ok(stored.url, { msg: MSG.uploaded });
  });

  registerSmsCalls(app, { config: opts.config, now, sms: opts.sms });
}

const levelKey = (key: string) => `${key}:level`;

/** What a visitor gives at registration and what a member changes on the profile page. */
const REGISTERED = writtenBy(MEMBER_FIELDS, 'create', 'public');
const CHANGED = writtenBy(MEMBER_FIELDS, 'update', 'self');

/** The free text of `written` (its `screened` fields) through the sensitive-word check ('' stays ''). */
function screenProfile(
  app: FastifyInstance,
  source: 'member-register' | 'member-profile',
  actor: string,
  written: readonly EntityField[],
  payload: object,
): Promise<Screened> {
  const values = payload as Record<string, unknown>;
  return app.moderation.screen({
    source,
    actor,
    fields: written
      .filter((field) => field.screened)
      .map(({ name }) => ({ name, text: typeof values[name] === 'string' ? values[name] : '' })),
  });
}

/** Counts one login attempt on `key`; its window lasts longer each time the limit was reached. */
async function countAttempt(app: FastifyInstance, key: string, limit: number): Promise<RateLimitResult> {
  const level = await app.rateLimit.peek(levelKey(key));
  const windowMs = Math.min(LOGIN_BASE_WAIT_MS * 2 ** level, LOGIN_MAX_WAIT_MS);
  return app.rateLimit.hit(key, limit, windowMs);
}

async function raiseLevel(app: FastifyInstance, key: string): Promise<void> {
  await app.rateLimit.hit(levelKey(key), Number.MAX_SAFE_INTEGER, LOGIN_LEVEL_MEMORY_MS);
}

/** Industry, position and department must be ids of the option lists (option_ls). */
async function checkOptions(
  app: FastifyInstance,
  payload: { industry: number; position: number; department: number },
): Promise<void> {
  const checks = [
    ['industry', payload.industry, MSG.industryRequired],
    ['position', payload.position, MSG.positionRequired],
    ['department', payload.department, MSG.departmentRequired],
  ] as const;
  for (const [kind, id, message] of checks) {
    if (!(await optionExists(app.database, kind, id))) throw new ApiError(ErrorCode.Validation, message);
  }
}

/**
 * An upload call (multipart, see ./multipart.ts): the schema requires the `file` part; the parser
 * has already checked the session and `admit` (when given) before reading the file.
 */
export function registerUpload(
  app: FastifyInstance,
  name: 'member_upload' | 'space_thumb_upload',
  maxBytes: number,
  tooLargeMsg: string,
  handler: (file: ReceivedFile, request: FastifyRequest) => Promise<unknown>,
  admit?: (memberId: number) => Promise<void>,
): void {
  const schema = object({
    file: mixed<ReceivedFile>()
      .required(UPLOAD_MISSING_MSG)
      .test('file', UPLOAD_MISSING_MSG, (v) => typeof v === 'object' && v !== null && 'tmpPath' in v),
  });
  app.route({
    method: 'POST',
    url: `/api/${name}`,
    schema: { body: schema },
    config: { call: name, access: 'member', upload: { maxBytes, tooLargeMsg, admit } },
    handler: async (request) => handler((request.body as { file: ReceivedFile }).file, request),
  });
}
