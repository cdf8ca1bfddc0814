import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { object, string } from 'yup';
import { ErrorCode, ERROR_MESSAGES } from '@portal/api-client/codes';
import { isProduction } from '@portal/config';
import { FIELD_MAX, resetPasswordSchema, sendSmsSchema } from '@portal/api-client/schemas';
import { addressKey } from '../../lib/address-key';
import type { ApiConfig } from '../../config';
import { ApiError } from '../../lib/envelope';
import { ok } from '@portal/api-client/envelope';
import { hashPassword } from '../../lib/password';
import { createSmsProvider, type SmsProvider } from '../../lib/sms';
import { createOnceStore } from '../../lib/once-store';
import {
  CHALLENGES_PER_IP_MINUTE,
  challengeLimitKey,
  checkProof,
  issueChallenge,
} from '../../lib/sms/drag-captcha';
import * as members from '../../repositories/members';
import * as codes from '../../repositories/sms';
import { defineSchemaCall } from '../define-call';
import { MSG } from '@portal/api-client/messages';

/** SMS code rules (DESIGN.md section 5). */
export const SMS_RULES = {
  codeTtlMs: 10 * 60_000,
  maxWrongGuesses: 5,
  perPhone: [
    { windowMs: 60_000, max: 1, msg: '验证码发送过于频繁，请1分钟后再试' },
    { windowMs: 3600_000, max: 5, msg: '验证码发送次数过多，请1小时后再试' },
    { windowMs: 24 * 3600_000, max: 10, msg: '今日验证码发送次数已达上限' },
  ],
  /** Sends per address and day, checked before the global cap. */
  perIpDay: 20,
  resetPerIpHour: 30,
  captchaPerIpMinute: CHALLENGES_PER_IP_MINUTE,
} as const;

const dragVerify = string().trim().max(FIELD_MAX.dragVerify).required(MSG.dragRequired);
const SENT_MSG = '验证码已发送，请注意查收';
const DAY_MS = 24 * 3600_000;

/** drag_captcha, send_sms and reset_password. */
export function registerSmsCalls(
  app: FastifyInstance,
  opts: { config: ApiConfig; now: () => number; sms?: SmsProvider },
): void {
  const { config, now } = opts;
  const provider =
    opts.sms ??
    createSmsProvider(
      {
        dataDir: config.dataDir,
        log: (msg) => app.log.info(msg),
        now,
        revealCodes: !isProduction(config.nodeEnv),
      },
      config.sms,
    );
  const codeHash = (mobile: string, code: string) =>
    createHmac('sha256', `sms-code:${config.tokenSecret}`).update(`${mobile}:${code}`).digest('hex');
  const answers = createOnceStore(app.redis);

  /** A challenge this client asked for, dropped within tolerance of the gap; spent either way. */
  async function requireDrag(proof: string, client: string): Promise<void> {
    const result = await checkProof(answers, proof, client);
    if (result === 'missed') throw new ApiError(ErrorCode.DragVerifyFailed, MSG.dragFailed);
    if (result !== 'ok') throw new ApiError(ErrorCode.DragVerifyFailed, MSG.dragExpired);
  }

  defineSchemaCall(app, 'drag_captcha', object({}), async (_payload, request) => {
    await app.rateLimit.consume(
      challengeLimitKey(addressKey(request.ip)),
      SMS_RULES.captchaPerIpMinute,
      60_000,
    );
    return ok(await issueChallenge(answers, request.ip));
  });

  // The spec's send_sms is {mobile}: no slider here (it guards reset_password), so 重新获取 after
  // the countdown simply sends again. The caps below are what stops abuse.
  defineSchemaCall(app, 'send_sms', sendSmsSchema, async (payload, request) => {
    const { mobile } = payload;
    // Per address first: one client cannot reach the global cap that everyone shares.
    await app.rateLimit.consume(
      `sms:ip:${addressKey(request.ip)}`,
      SMS_RULES.perIpDay,
      DAY_MS,
      '今日验证码发送次数已达上限',
    );
    const t = now();
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    // A number no member has gets the same answers, but no message and no share of the global cap
    // (codes.UNSENT_CODE): nobody can probe which numbers are members, text strangers, or use up
    // everyone's password-reset messages with made-up numbers.
    const known = (await members.findIdByMobile(app.database, mobile)) !== null;
    const outcome = await codes.reserveCode(app.database, {
      mobile,
      codeHash: known ? codeHash(mobile, code) : null,
      now: t,
      ttlMs: SMS_RULES.codeTtlMs,
      perPhone: SMS_RULES.perPhone,
      globalMax: config.smsDailyCap,
      globalWindowMs: DAY_MS,
    });
    if (!outcome.ok) {
      if ('global' in outcome) {
        request.log.warn('global daily SMS cap reached');
        throw new ApiError(ErrorCode.RateLimited, '验证码服务繁忙，请稍后再试');
      }
      throw new ApiError(ErrorCode.RateLimited, SMS_RULES.perPhone[outcome.phoneWindow].msg);
    }
    if (known) {
      try {
        await provider.send(mobile, code);
        app.metrics.sms.inc({ result: 'sent' });
      } catch (err) {
        app.metrics.sms.inc({ result: 'failed' });
        request.log.error({ err }, 'sms provider failed');
        throw new ApiError(ErrorCode.ServerError, '短信发送失败，请稍后再试');
      }
    }
    // Rows older than a day serve no limit any more.
    await codes.pruneCodes(app.database, t - 2 * DAY_MS);
    return ok(null, { msg: SENT_MSG });
  });

  defineSchemaCall(
    app,
    'reset_password',
    resetPasswordSchema.shape({ drag_verify: dragVerify }),
    async (payload, request) => {
      await app.rateLimit.consume(`reset:ip:${addressKey(request.ip)}`, SMS_RULES.resetPerIpHour, 3600_000);
      await requireDrag(payload.drag_verify, request.ip);
      const { mobile } = payload;
      const expected = (hash: string) => {
        const given = Buffer.from(codeHash(mobile, payload.code));
        const stored = Buffer.from(hash);
        return given.length === stored.length && timingSafeEqual(given, stored);
      };
      const result = await codes.checkCode(app.database, mobile, expected, now(), SMS_RULES.maxWrongGuesses);
      if (result !== 'ok')
        throw new ApiError(ErrorCode.SmsCodeInvalid, ERROR_MESSAGES[ErrorCode.SmsCodeInvalid]);
      const memberId = await members.findIdByMobile(app.database, mobile);
      // Unreachable for unknown numbers (their stored code was never sent), kept as a guard.
      if (memberId === null)
        throw new ApiError(ErrorCode.SmsCodeInvalid, ERROR_MESSAGES[ErrorCode.SmsCodeInvalid]);
      await members.setPassword(app.database, memberId, await hashPassword(payload.password), now());
      return ok(null, { msg: MSG.passwordReset });
    },
  );
}
