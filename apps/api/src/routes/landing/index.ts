import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@portal/api-client/codes';
import { addressKey } from '../../lib/address-key';
import { ApiError } from '../../lib/envelope';
import { ok } from '@portal/api-client/envelope';
import { defineSchemaCall } from '../define-call';
import { findForm, insertSubmission } from '../../repositories/forms';
import type { PartnerList } from '@portal/api-client/entities/partner';
import { findPartnerBase, partnerExists, partnerItems } from '../../repositories/partner';
import { addLead, createVendorUser, findMeet, hasLead, logAccess, meetName } from '../../repositories/vendor';
import { landingSchemas } from './schemas';
import { checkSubmission } from './submission';
import { MSG } from '@portal/api-client/messages';

/**
 * Abuse limits (DESIGN.md section 5): per phone and per IP, counters shared through Redis when set.
 * The per-IP caps are generous because a whole event venue often shares one address.
 */
export const LANDING_LIMITS = {
  loginPerPhone: { limit: 10, windowMs: 10 * 60_000 },
  loginPerIp: { limit: 200, windowMs: 10 * 60_000 },
  registerPerIp: { limit: 100, windowMs: 60 * 60_000 },
  formPerIp: { limit: 100, windowMs: 10 * 60_000 },
} as const;

export const MSG_LANDING = {
  loggedIn: MSG.loggedIn,
  registered: '注册成功',
  registeredAgain: '注册成功，已记录您最新提交的报名信息',
  submitted: MSG.submitted,
  meetNotFound: '活动不存在',
  partnerNotFound: '合作伙伴不存在',
  formNotFound: '活动表单不存在',
} as const;

/** 138****5678: enough to tell leads apart in the hit list without the whole number. */
const maskedPhone = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;

/** Vendor login, registration and access log; partner landing data; dynamic activity forms. */
export default async function landingRoutes(app: FastifyInstance): Promise<void> {
  const database = app.database;
  const limit = (key: string, rule: { limit: number; windowMs: number }) =>
    app.rateLimit.consume(key, rule.limit, rule.windowMs);

  // ---- vendor ----
  defineSchemaCall(app, 'vendor_meet', landingSchemas.vendor_meet, async ({ meet_id }) => {
    const meet = await findMeet(database, meet_id);
    if (!meet) throw new ApiError(ErrorCode.NotFound, MSG_LANDING.meetNotFound);
    return ok(meet);
  });

  defineSchemaCall(app, 'vendor_login', landingSchemas.vendor_login, async ({ mobile, meet_id }, request) => {
    // Every attempt counts, known phone or not, so the limits also slow down number probing.
    await limit(`vendor_login:ip:${addressKey(request.ip)}`, LANDING_LIMITS.loginPerIp);
    await limit(`vendor_login:phone:${mobile}`, LANDING_LIMITS.loginPerPhone);
    const meetId = meet_id ?? 0;
    if (!(await hasLead(database, meetId, mobile))) throw new ApiError(ErrorCode.VendorUnregistered);
    const userId = await createVendorUser(database, mobile, meetId, Date.now());
    return ok({ user_id: userId }, { msg: MSG_LANDING.loggedIn });
  });

  defineSchemaCall(app, 'vendor_register', landingSchemas.vendor_register, async (payload, request) => {
    await limit(`vendor_register:ip:${addressKey(request.ip)}`, LANDING_LIMITS.registerPerIp);
    const meetId = payload.meet_id ?? 0;
    const name = await meetName(database, meetId);
    if (name === null) throw new ApiError(ErrorCode.NotFound, MSG_LANDING.meetNotFound);
    // The registration and its survey answers (validated JSON of {title, answer} pairs).
    const survey = JSON.parse(payload.question || '[]') as { title: string; answer: string }[];
    const screened = await app.moderation.screen({
      source: 'vendor-register',
      actor: `visitor:${request.ip}`,
      fields: [
        { name: 'name', text: payload.name },
        { name: 'company', text: payload.company },
        { name: 'department', text: payload.department },
        { name: 'position', text: payload.position },
        ...survey.map((q, i) => ({ name: `question[${i}].answer`, text: q.answer })),
      ],
    });
    const text = screened.values;
    const outcome = await addLead(
      database,
      {
        meet_id: meetId,
        meet_name: payload.meetName || name,
        name: text.name!,
        mobile: payload.mobile,
        email: payload.email,
        company: text.company!,
        department: text.department!,
        position: text.position!,
        question: payload.question
          ? JSON.stringify(survey.map((q, i) => ({ ...q, answer: text[`question[${i}].answer`]! })))
          : '[]',
      },
      Date.now(),
    );
    // A lead is one phone's registration for one meet.
    await screened.record(`${meetId}:${maskedPhone(payload.mobile)}`);
    app.metrics.leads.inc({ kind: 'vendor' });
    return ok(null, { msg: outcome === 'again' ? MSG_LANDING.registeredAgain : MSG_LANDING.registered });
  });

  // The auth hook has already refused an unknown user_id (access 'vendor').
  defineSchemaCall(app, 'vendor_log', landingSchemas.vendor_log, async (payload) => {
    const meetId = payload.meet_id ?? 0;
    const name = await meetName(database, meetId);
    if (name === null) throw new ApiError(ErrorCode.NotFound, MSG_LANDING.meetNotFound);
    await logAccess(
      database,
      {
        user_id: payload.user_id,
        meet_id: meetId,
        meet_name: payload.meetName || name,
        asset: payload.asset,
      },
      Date.now(),
    );
    return ok(null);
  });

  // ---- partner ----
  const partnerSchema = landingSchemas.partner;
  const requirePartner = async (mark: string) => {
    if (!(await partnerExists(database, mark)))
      throw new ApiError(ErrorCode.NotFound, MSG_LANDING.partnerNotFound);
  };

  defineSchemaCall(app, 'partner_base', partnerSchema, async ({ mark }) => {
    const base = await findPartnerBase(database, mark);
    if (!base) throw new ApiError(ErrorCode.NotFound, MSG_LANDING.partnerNotFound);
    return ok(base);
  });
  const productLists: [
    'partner_new' | 'partner_recommend' | 'partner_video' | 'partner_product',
    Exclude<PartnerList, 'know' | 'activity'>,
  ][] = [
    ['partner_new', 'new'],
    ['partner_recommend', 'recommend'],
    ['partner_video', 'video'],
    ['partner_product', 'product'],
  ];
  for (const [call, list] of productLists) {
    defineSchemaCall(app, call, partnerSchema, async ({ mark }) => {
      await requirePartner(mark);
      return ok(await partnerItems(database, mark, list));
    });
  }
  defineSchemaCall(app, 'partner_know', partnerSchema, async ({ mark }) => {
    await requirePartner(mark);
    return ok(await partnerItems(database, mark, 'know'));
  });
  defineSchemaCall(app, 'partner_activity', partnerSchema, async ({ mark }) => {
    await requirePartner(mark);
    return ok(await partnerItems(database, mark, 'activity'));
  });

  // ---- activity forms ----
  defineSchemaCall(app, 'getForm', landingSchemas.getForm, async ({ activity_id }) => {
    const form = await findForm(database, activity_id);
    if (!form) throw new ApiError(ErrorCode.NotFound, MSG_LANDING.formNotFound);
    return ok(form);
  });

  defineSchemaCall(app, 'form_register', landingSchemas.form_register, async (payload, request) => {
    const form = await findForm(database, payload.activity_id);
    if (!form) throw new ApiError(ErrorCode.NotFound, MSG_LANDING.formNotFound);
    if (!form.is_submit) throw new ApiError(ErrorCode.ActivityClosed);
    await limit(`form_register:ip:${addressKey(request.ip)}`, LANDING_LIMITS.formPerIp);
    const checked = await checkSubmission(database, form, payload);
    // Every free-text answer (choices are option ids): a block word refuses, mask words are replaced.
    const screened = await app.moderation.screen({
      source: 'activity-form',
      actor: `visitor:${request.ip}`,
      fields: [
        ...Object.entries(checked.content).flatMap(([k, v]) =>
          typeof v === 'string' ? [{ name: `content.${k}`, text: v }] : [],
        ),
        ...Object.entries(checked.other).map(([k, v]) => ({ name: `other.${k}`, text: v })),
      ],
    });
    const content = Object.fromEntries(
      Object.entries(checked.content).map(([k, v]) => [
        k,
        typeof v === 'string' ? screened.values[`content.${k}`]! : v,
      ]),
    );
    const other = Object.fromEntries(
      Object.keys(checked.other).map((k) => [k, screened.values[`other.${k}`]!]),
    );
    const submissionId = await insertSubmission(
      database,
      {
        activity_id: payload.activity_id,
        source: payload.source,
        content: JSON.stringify(content),
        other: JSON.stringify(other),
        // The form as answered: a later edit of the form never relabels these answers.
        labels: JSON.stringify(form.form),
      },
      Date.now(),
    );
    await screened.record(submissionId);
    app.metrics.leads.inc({ kind: 'form' });
    return ok(null, { msg: MSG_LANDING.submitted });
  });
}
