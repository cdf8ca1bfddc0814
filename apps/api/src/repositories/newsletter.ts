import { sql } from 'kysely';
import { columnsFor, fromRow } from '@portal/api-client/entities/derive';
import { NEWSLETTER_FIELDS, type NewsletterSubscription } from '@portal/api-client/entities/newsletter';
import type { Db } from '../db';
import { writeTx } from './write-tx';

/**
 * The IT weekly newsletter: members' subscriptions (migration 019) and each issue's send, a queue
 * of one delivery per address that senders claim in batches (as the search push queue does).
 */

export const DeliveryStatus = { Pending: 'pending', Sent: 'sent', Failed: 'failed' } as const;
export const SendStatus = { Idle: 'idle', Sending: 'sending', Done: 'done' } as const;
export type SendStatus = (typeof SendStatus)[keyof typeof SendStatus];

/** Temporary failures (SMTP 4xx, a network error) are retried this many times, then count as failed. */
export const MAX_ATTEMPTS = 5;

const normalEmail = (email: string) => email.trim().toLowerCase();

/** A subscription's stored fields (entities/newsletter.ts), and the columns its switch and failure come from. */
const SUBSCRIPTION_COLUMNS = [...columnsFor(NEWSLETTER_FIELDS, 'self'), 'active', 'bounced_at'] as const;

/** The member's subscription; `fallbackEmail` (the member's own) when the subscription has no address. */
export async function getSubscription(
  database: Db,
  memberId: number,
  fallbackEmail: string,
): Promise<NewsletterSubscription> {
  const row = await database.db
    .selectFrom('newsletter_subscribers')
    .select(SUBSCRIPTION_COLUMNS)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  if (!row) return { subscribed: false, email: fallbackEmail, bounced: false };
  return fromRow(NEWSLETTER_FIELDS, 'self', row, {
    subscribed: Number(row.active) === 1,
    email: row.email || fallbackEmail,
    bounced: row.bounced_at !== null,
  });
}

/**
 * Turns the member's subscription on or off. A new address replaces the old one and clears its
 * permanent failure (the reader fixed it); an empty one keeps what is stored.
 */
export async function setSubscription(
  database: Db,
  memberId: number,
  subscribed: boolean,
  email: string,
  now: number,
): Promise<void> {
  const address = normalEmail(email);
  await database.db
    .insertInto('newsletter_subscribers')
    .values({
      member_id: memberId,
      email: address,
      active: subscribed ? 1 : 0,
      created_at: now,
      unsubscribed_at: subscribed ? null : now,
      bounced_at: null,
    })
    .onConflict((oc) =>
      oc.column('member_id').doUpdateSet((eb) => ({
        active: subscribed ? 1 : 0,
        unsubscribed_at: subscribed ? null : now,
        ...(address
          ? {
              email: address,
              bounced_at: sql<
                number | null
              >`case when ${eb.ref('newsletter_subscribers.email')} = ${address} then ${eb.ref('newsletter_subscribers.bounced_at')} else null end`,
            }
          : {}),
      })),
    )
    .execute();
}

/** The unsubscribe link: the member's subscription is switched off; their address, or null when unknown. */
export async function unsubscribeMember(database: Db, memberId: number, now: number): Promise<string | null> {
  const row = await database.db
    .updateTable('newsletter_subscribers')
    .set({
      active: 0,
      unsubscribed_at: sql<number>`coalesce(unsubscribed_at, ${now})`,
    })
    .where('member_id', '=', memberId)
    .returning(['email'])
    .executeTakeFirst();
  return row ? row.email : null;
}

/** Active subscribers with a deliverable address: those a send would reach now. */
export async function countAudience(database: Db): Promise<number> {
  const row = await audience(database)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const audience = (database: Db) =>
  database.db
    .selectFrom('newsletter_subscribers')
    .where('active', '=', 1)
    .where('bounced_at', 'is', null)
    .where('email', '<>', '');

export type StartResult = { started: number } | { refused: 'sending' };

/**
 * Starts (or resumes) the send of an issue: one pending delivery per active subscriber not yet
 * queued for it (a second start only adds those who subscribed since; a member or address already
 * queued is never queued twice, the unique indexes see to it). Refused while a send is running.
 */
export async function startSend(
  database: Db,
  reportId: number,
  startedBy: string,
  now: number,
): Promise<StartResult> {
  return writeTx(database, async (trx) => {
    const current = await trx
      .selectFrom('newsletter_sends')
      .select('status')
      .where('report_id', '=', reportId)
      .executeTakeFirst();
    if (current?.status === SendStatus.Sending) return { refused: 'sending' as const };
    await trx
      .insertInto('newsletter_sends')
      .values({ report_id: reportId, status: SendStatus.Sending, started_at: now, started_by: startedBy })
      .onConflict((oc) =>
        oc.column('report_id').doUpdateSet({ status: SendStatus.Sending, finished_at: null }),
      )
      .execute();
    const result = await trx
      .insertInto('newsletter_deliveries')
      .columns(['report_id', 'member_id', 'email', 'status', 'next_at'])
      .expression(
        trx
          .selectFrom('newsletter_subscribers')
          .where('active', '=', 1)
          .where('bounced_at', 'is', null)
          .where('email', '<>', '')
          .select((eb) => [
            eb.val(reportId).as('report_id'),
            'member_id',
            sql<string>`lower(email)`.as('email'),
            eb.val(DeliveryStatus.Pending).as('status'),
            eb.val(now).as('next_at'),
          ])
          .orderBy('member_id'),
      )
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return { started: Number(result.numInsertedOrUpdatedRows ?? 0) };
  });
}

export interface ClaimedDelivery {
  id: number;
  report_id: number;
  member_id: number;
  email: string;
  attempts: number;
}

/**
 * Takes up to `limit` due deliveries for one sender under its `claim`: their next_at moves to
 * `claimUntil`, so other senders skip them (and take them then, should this sender die). The
 * conditional update lets exactly one of several processes claim a row.
 */
export async function claimDeliveries(
  database: Db,
  claim: string,
  now: number,
  claimUntil: number,
  limit: number,
): Promise<ClaimedDelivery[]> {
  const rows = await database.db
    .updateTable('newsletter_deliveries')
    .set({ next_at: claimUntil, claim })
    .where('status', '=', DeliveryStatus.Pending)
    .where('next_at', '<=', now)
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('newsletter_deliveries')
        .select('id')
        .where('status', '=', DeliveryStatus.Pending)
        .where('next_at', '<=', now)
        .orderBy('next_at')
        .orderBy('id')
        .limit(limit),
    )
    .returning(['id', 'report_id', 'member_id', 'email', 'attempts'])
    .execute();
  return rows
    .map((r) => ({
      id: Number(r.id),
      report_id: Number(r.report_id),
      member_id: Number(r.member_id),
      email: r.email,
      attempts: Number(r.attempts),
    }))
    .sort((a, b) => a.id - b.id);
}

/** The member still wants it (they may have switched off since the send was queued). */
export async function stillSubscribed(database: Db, memberIds: readonly number[]): Promise<Set<number>> {
  if (memberIds.length === 0) return new Set();
  const rows = await database.db
    .selectFrom('newsletter_subscribers')
    .select('member_id')
    .where('member_id', 'in', memberIds)
    .where('active', '=', 1)
    .where('bounced_at', 'is', null)
    .execute();
  return new Set(rows.map((r) => Number(r.member_id)));
}

/** Settles a delivery this sender holds: a sender whose claim ran out (another took it) changes nothing. */
export async function settleDelivery(
  database: Db,
  delivery: ClaimedDelivery,
  claim: string,
  outcome: { sent: true } | { sent: false; permanent: boolean; error: string; retryAt: number },
  now: number,
): Promise<void> {
  if (outcome.sent) {
    await database.db
      .updateTable('newsletter_deliveries')
      .set({ status: DeliveryStatus.Sent, sent_at: now, attempts: delivery.attempts + 1 })
      .where('id', '=', delivery.id)
      .where('claim', '=', claim)
      .execute();
    return;
  }
  const giveUp = outcome.permanent || delivery.attempts + 1 >= MAX_ATTEMPTS;
  await database.db
    .updateTable('newsletter_deliveries')
    .set({
      status: giveUp ? DeliveryStatus.Failed : DeliveryStatus.Pending,
      attempts: delivery.attempts + 1,
      error: outcome.error.slice(0, 500),
      next_at: outcome.retryAt,
    })
    .where('id', '=', delivery.id)
    .where('claim', '=', claim)
    .execute();
  if (outcome.permanent) {
    // The address is marked: the next issue skips it until the member gives another one.
    await database.db
      .updateTable('newsletter_subscribers')
      .set({ bounced_at: now, bounce_error: outcome.error.slice(0, 500) })
      .where('member_id', '=', delivery.member_id)
      .where(sql`lower(email)`, '=', delivery.email)
      .execute();
  }
}

/** A delivery whose member switched off before it went out: settled as sent nowhere (not pending, not failed). */
export async function dropDelivery(database: Db, delivery: ClaimedDelivery, claim: string): Promise<void> {
  await database.db
    .deleteFrom('newsletter_deliveries')
    .where('id', '=', delivery.id)
    .where('claim', '=', claim)
    .execute();
}

/** Sends with nothing pending are done. */
export async function finishSends(database: Db, now: number): Promise<void> {
  await database.db
    .updateTable('newsletter_sends')
    .set({ status: SendStatus.Done, finished_at: now })
    .where('status', '=', SendStatus.Sending)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('newsletter_deliveries as d')
            .select('d.id')
            .whereRef('d.report_id', '=', 'newsletter_sends.report_id')
            .where('d.status', '=', DeliveryStatus.Pending),
        ),
      ),
    )
    .execute();
}

export interface SendProgress {
  total: number;
  sent: number;
  failed: number;
  pending: number;
  status: SendStatus;
  /** Readers of this issue who unsubscribed since it was sent. */
  unsubscribed: number;
  startedAt: number | null;
  finishedAt: number | null;
}

export async function sendProgress(database: Db, reportId: number): Promise<SendProgress> {
  const send = await database.db
    .selectFrom('newsletter_sends')
    .select(['status', 'started_at', 'finished_at'])
    .where('report_id', '=', reportId)
    .executeTakeFirst();
  const counts = await database.db
    .selectFrom('newsletter_deliveries')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('report_id', '=', reportId)
    .groupBy('status')
    .execute();
  const of = (status: string) => Number(counts.find((c) => c.status === status)?.n ?? 0);
  let unsubscribed = 0;
  if (send) {
    const row = await database.db
      .selectFrom('newsletter_deliveries as d')
      .innerJoin('newsletter_subscribers as s', 's.member_id', 'd.member_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('d.report_id', '=', reportId)
      .where('d.status', '=', DeliveryStatus.Sent)
      .where('s.unsubscribed_at', '>=', Number(send.started_at))
      .executeTakeFirstOrThrow();
    unsubscribed = Number(row.n);
  }
  const sent = of(DeliveryStatus.Sent);
  const failed = of(DeliveryStatus.Failed);
  const pending = of(DeliveryStatus.Pending);
  return {
    total: sent + failed + pending,
    sent,
    failed,
    pending,
    status: (send?.status as SendStatus | undefined) ?? SendStatus.Idle,
    unsubscribed,
    startedAt: send ? Number(send.started_at) : null,
    finishedAt: send?.finished_at == null ? null : Number(send.finished_at),
  };
}
