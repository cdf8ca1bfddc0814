/**
 * Crash rounds: the gateway (API in-process) is killed with SIGKILL while writes are in flight,
 * then restarted on the same database. Only writes the server acknowledged (code 0 received)
 * are expected afterwards; every one of them must be there.
 */
import { startNode, type Server } from '../proc';
import { call, connect, type Client } from './client';
import { openStore, sendWrite, WRITE_KINDS, type Write, type WriteContext, type WriteKind } from './writes';

export interface CrashOptions {
  label: string;
  env: Record<string, string>;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  rounds: number;
  /** Acknowledged writes over all rounds (each round kills the server after its share). */
  writes: number;
  /** Writes kept in flight at once. */
  concurrency: number;
  /** Longest one round may run before the kill, whatever was acknowledged. */
  roundMs: number;
  clientId: string;
  clientSecret: string;
}

export interface CrashResult {
  label: string;
  rounds: number;
  acknowledged: Record<WriteKind, number>;
  missing: Record<WriteKind, number>;
  /** Page views: acknowledged, and what the counter gained (views are batched in memory, see report). */
  views: { acknowledged: number; stored: number };
  integrity: string;
  refused: number;
  seconds: number;
}

const start = (o: CrashOptions) =>
  startNode('apps/gateway/dist/server.js', { PORT: String(o.port), ...o.env }, o.port, '/api/get_category');

async function context(client: Client, articleId: number): Promise<WriteContext> {
  const login = await call<{ id: number; stoken: string }>(client, 'member_login', {
    username: 'demo',
    password: 'demo123456',
  });
  if (login.code !== 0) throw new Error(`demo login: ${login.code} ${login.msg}`);
  const member = { stoken: login.data.stoken, member_id: login.data.id };
  const channels = await call<{ id: number }[]>(client, 'space_channel', member);
  const channel = channels.data[0]?.id ?? 1;
  const categories = await call<{ id: number }[]>(client, 'space_category', {
    ...member,
    channel_id: channel,
  });
  return { member, channel, category: categories.data[0]?.id ?? 1, articleId };
}

function kill(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return resolve();
    server.child.once('exit', () => resolve());
    server.child.kill('SIGKILL');
  });
}

export async function crashRounds(o: CrashOptions): Promise<CrashResult> {
  const began = Date.now();
  const tag = Math.floor(Date.now() / 1000) % 100_000;
  // A first, graceful start seeds the database; the article's views are read before any round.
  const seeding = await start(o);
  const first = await connect(seeding.url, o.clientId, o.clientSecret);
  const list = await call<{ id: number }[]>(first, 'cate_list', { cat_id: 0, page: 1, pageSize: 1 });
  const articleId = list.data[0]?.id;
  if (!articleId) throw new Error(`${o.label}: no article to count views on`);
  await seeding.stop();
  const store0 = openStore(o.dataDir, o.databaseUrl);
  const viewsBefore = await store0.views(articleId);
  await store0.close();

  const acked: Write[] = [];
  let refused = 0;
  let seq = 0;
  const perRound = Math.ceil(o.writes / o.rounds);
  for (let round = 0; round < o.rounds; round++) {
    const server = await start(o);
    const client = await connect(server.url, o.clientId, o.clientSecret);
    const ctx = await context(client, articleId);
    const goal = Math.min(o.writes, (round + 1) * perRound);
    const deadline = Date.now() + o.roundMs;
    let killed = false;
    const worker = async () => {
      while (!killed && acked.length < goal && Date.now() < deadline) {
        const n = seq++;
        try {
          const write = await sendWrite(client, ctx, tag, n);
          // An answer that arrives after the kill was still sent by the server before it died.
          if (write) acked.push(write);
          else refused++;
        } catch {
          // no answer: the server died under this request; it is not acknowledged
        }
      }
    };
    const workers = Array.from({ length: o.concurrency }, worker);
    // Kill as soon as the round's share is acknowledged, with the other writes still in flight.
    while (acked.length < goal && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    await kill(server);
    killed = true;
    await Promise.all(workers);
    console.log(
      `  ${o.label} round ${round + 1}/${o.rounds}: ${acked.length} acknowledged, ${refused} refused`,
    );
  }

  const store = openStore(o.dataDir, o.databaseUrl);
  const acknowledged = Object.fromEntries(WRITE_KINDS.map((k) => [k, 0])) as Record<WriteKind, number>;
  const missing = Object.fromEntries(WRITE_KINDS.map((k) => [k, 0])) as Record<WriteKind, number>;
  for (const w of acked) acknowledged[w.kind]++;
  for (const kind of ['registration', 'lead', 'form', 'article'] as const) {
    const keys = acked.filter((w) => w.kind === kind).map((w) => w.key);
    const found = await store.present(kind, keys);
    missing[kind] = keys.filter((k) => !found.has(k)).length;
  }
  const stored = (await store.views(articleId)) - viewsBefore;
  missing.pageview = Math.max(0, acknowledged.pageview - stored);
  const integrity = await store.integrity();
  await store.close();
  return {
    label: o.label,
    rounds: o.rounds,
    acknowledged,
    missing,
    views: { acknowledged: acknowledged.pageview, stored },
    integrity,
    refused,
    seconds: Math.round((Date.now() - began) / 1000),
  };
}
