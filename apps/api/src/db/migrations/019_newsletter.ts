import type { Kysely } from 'kysely';

interface OldSubscription {
  member_id: number;
  email: string;
  created_at: number;
}

/**
 * The IT weekly newsletter (issue 25 section 1). `newsletter_subscribers`: one row per member who
 * subscribed to the weekly report (every future issue), the address it goes to, the on/off switch
 * and a permanent delivery failure. `newsletter_sends` / `newsletter_deliveries`: each issue's send,
 * a queue of one row per address that senders claim in batches (as the search push queue).
 * Today's per-issue subscriptions (report_subscriptions, kept for the record) become weekly ones:
 * the newest address a member gave wins, else the member's own.
 * @public Kysely's Migrator runs it (db/index.ts hands it the module).
 */
export async function up(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .createTable('newsletter_subscribers')
    .addColumn('member_id', 'integer', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    /** The member centre's switch: 1 on, 0 off (an unsubscribe link turns it off too). */
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', big, (c) => c.notNull())
    .addColumn('unsubscribed_at', big)
    /** A permanent delivery failure (SMTP 5xx) of `email`: skipped until the address changes. */
    .addColumn('bounced_at', big)
    .addColumn('bounce_error', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('newsletter_sends')
    .addColumn('report_id', 'integer', (c) => c.primaryKey())
    /** 'sending' until no delivery is pending, then 'done'; a later POST adds new subscribers. */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('started_at', big, (c) => c.notNull())
    .addColumn('finished_at', big)
    .addColumn('started_by', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('newsletter_deliveries')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) => c.primaryKey())
    .addColumn('report_id', 'integer', (c) => c.notNull())
    .addColumn('member_id', 'integer', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    /** 'pending', 'sent' or 'failed'. */
    .addColumn('status', 'text', (c) => c.notNull())
    /** Epoch ms before which no sender takes it (a sender's claim, or a retry's wait). */
    .addColumn('next_at', big, (c) => c.notNull())
    /** The claim of the sender holding it: only that sender may settle it. */
    .addColumn('claim', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sent_at', big)
    .execute();
  // Exactly once per member and per address (two members sharing one mailbox get one message).
  await db.schema
    .createIndex('newsletter_deliveries_member')
    .unique()
    .on('newsletter_deliveries')
    .columns(['report_id', 'member_id'])
    .execute();
  await db.schema
    .createIndex('newsletter_deliveries_email')
    .unique()
    .on('newsletter_deliveries')
    .columns(['report_id', 'email'])
    .execute();
  await db.schema
    .createIndex('newsletter_deliveries_due')
    .on('newsletter_deliveries')
    .columns(['status', 'next_at', 'id'])
    .execute();

  // Per-issue subscriptions → one weekly subscription per member.
  const old = (await (db as Kysely<Record<string, OldSubscription>>)
    .selectFrom('report_subscriptions')
    .select(['member_id', 'email', 'created_at'])
    .orderBy('created_at')
    .execute()) as OldSubscription[];
  const byMember = new Map<number, { email: string; created_at: number }>();
  for (const row of old) {
    const id = Number(row.member_id);
    const first = byMember.get(id);
    byMember.set(id, {
      email: row.email || first?.email || '',
      created_at: first?.created_at ?? Number(row.created_at),
    });
  }
  const members = [...byMember.entries()];
  if (members.length === 0) return;
  const known = new Map<number, string>();
  for (let i = 0; i < members.length; i += 500) {
    const ids = members.slice(i, i + 500).map(([id]) => id);
    const rows = (await (db as Kysely<Record<string, { id: number; email: string }>>)
      .selectFrom('members')
      .select(['id', 'email'])
      .where('id', 'in', ids)
      .execute()) as { id: number; email: string }[];
    for (const r of rows) known.set(Number(r.id), r.email);
  }
  const rows = members
    .filter(([id]) => known.has(id))
    .map(([id, s]) => ({
      member_id: id,
      email: s.email || known.get(id) || '',
      active: 1,
      created_at: s.created_at,
    }));
  for (let i = 0; i < rows.length; i += 500) {
    await (db as Kysely<Record<string, (typeof rows)[number]>>)
      .insertInto('newsletter_subscribers')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}
