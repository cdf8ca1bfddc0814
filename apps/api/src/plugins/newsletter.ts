import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import { SITE_NAME } from '@portal/api-client/constants';
import { href } from '@portal/routes';
import type { ApiConfig } from '../config';
import type { Db } from '../db';
import { createMailProvider, PermanentMailError, type MailProvider } from '../lib/mail/provider';
import { periodicPass } from '../lib/periodic';
import { renderIssue, UNSUBSCRIBE_SLOT, type RenderedIssue } from '../lib/mail/newsletter-email';
import { signUnsubscribeToken } from '../lib/mail/unsubscribe-token';
import {
  claimDeliveries,
  dropDelivery,
  finishSends,
  settleDelivery,
  stillSubscribed,
  type ClaimedDelivery,
} from '../repositories/newsletter';
import { getReport, getReportItems } from '../repositories/reports';
import { getFooter } from '../repositories/site';

/**
 * Sends the newsletter queue (repositories/newsletter.ts): a pass claims a batch, sends it at
 * NEWSLETTER_RATE_PER_MIN and settles each delivery as soon as it went out, so a process killed
 * mid-batch leaves at most the one message in flight unsettled; its other claimed rows return to
 * the queue when the claim runs out and another process sends them.
 */
export interface Newsletter {
  readonly provider: MailProvider;
  /** One pass now (tests pass their own clock and may stop it after `maxBatches`). */
  runOnce(options?: PassOptions): Promise<SendPass>;
  /** The message of an issue for one address (the test send; the queue's messages are the same). */
  sendOne(reportId: number, to: string, memberId: number | null, id: string): Promise<void>;
  /** A pass in the background (after an editor starts a send); errors are logged. */
  kick(): void;
}

export interface PassOptions {
  now?: () => number;
  /** Stop after this many batches (a test's stand-in for a killed process). */
  maxBatches?: number;
  signal?: AbortSignal;
}

export interface SendPass {
  sent: number;
  failed: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    newsletter: Newsletter;
  }
}

const MIN_CLAIM_MS = 2 * 60_000;
const RETRY_MS = 5 * 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Messages per batch: about ten seconds of sending, at least 1, at most 200. */
export const batchSizeFor = (ratePerMin: number) => Math.max(1, Math.min(200, Math.round(ratePerMin / 6)));

/** One issue's rendered message, and the unsubscribe address of a member. */
class IssueCache {
  private readonly issues = new Map<number, Promise<RenderedIssue | null>>();
  constructor(
    private readonly database: Db,
    private readonly origin: string,
  ) {}

  get(reportId: number): Promise<RenderedIssue | null> {
    let issue = this.issues.get(reportId);
    if (!issue) {
      issue = this.render(reportId);
      this.issues.set(reportId, issue);
      // A fresh render per pass: an editor's correction between two sends is in the next one.
      if (this.issues.size > 20) this.issues.delete(this.issues.keys().next().value!);
    }
    return issue;
  }

  clear(): void {
    this.issues.clear();
  }

  private async render(reportId: number): Promise<RenderedIssue | null> {
    const report = await getReport(this.database, reportId, Date.now());
    if (!report) return null;
    const [items, footer] = await Promise.all([
      getReportItems(this.database, reportId),
      getFooter(this.database),
    ]);
    return renderIssue({
      report,
      ...items,
      siteName: SITE_NAME,
      address: footer.info['公司地址'] ?? footer.info['地址'] ?? '',
      origin: this.origin,
    });
  }
}

/** The one-click unsubscribe address (RFC 8058) of a member: the API, at the public origin. */
export const ONE_CLICK_PATH = '/api/newsletter/unsubscribe';

export function messageFor(
  issue: RenderedIssue,
  opts: { origin: string; tokenSecret: string; memberId: number | null; to: string; id: string; now: number },
) {
  const token = opts.memberId === null ? '' : signUnsubscribeToken(opts.tokenSecret, opts.memberId, opts.now);
  const page = `${opts.origin}${href.unsubscribe(token)}`;
  const oneClick = `${opts.origin}${ONE_CLICK_PATH}?token=${encodeURIComponent(token)}`;
  return {
    id: opts.id,
    to: opts.to,
    subject: issue.subject,
    html: issue.html.replaceAll(UNSUBSCRIBE_SLOT, page.replace(/&/g, '&amp;')),
    text: issue.text.replaceAll(UNSUBSCRIBE_SLOT, page),
    headers: {
      'List-Unsubscribe': `<${oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

export const deliveryMessageId = (d: Pick<ClaimedDelivery, 'report_id' | 'member_id'>) =>
  `weekly-${d.report_id}-${d.member_id}`;

export default fp<{ config: ApiConfig }>(
  async (app, { config }) => {
    const provider = createMailProvider(config.dataDir, config.mail);
    const origin = config.publicOrigins.desktop;
    const issues = new IssueCache(app.database, origin);
    const perBatch = batchSizeFor(config.newsletterRatePerMin);
    const gapMs = 60_000 / config.newsletterRatePerMin;
    const claimMs = Math.max(MIN_CLAIM_MS, 3 * perBatch * gapMs);
    let closing = false;

    async function deliver(
      d: ClaimedDelivery,
      claim: string,
      now: number,
    ): Promise<'sent' | 'failed' | 'dropped'> {
      const issue = await issues.get(d.report_id);
      if (!issue) {
        await dropDelivery(app.database, d, claim);
        return 'dropped';
      }
      try {
        await provider.send(
          messageFor(issue, {
            origin,
            tokenSecret: config.tokenSecret,
            memberId: d.member_id,
            to: d.email,
            id: deliveryMessageId(d),
            now,
          }),
        );
      } catch (error) {
        const permanent = error instanceof PermanentMailError;
        await settleDelivery(
          app.database,
          d,
          claim,
          {
            sent: false,
            permanent,
            error: String((error as Error).message ?? error),
            retryAt: now + RETRY_MS,
          },
          now,
        );
        return 'failed';
      }
      await settleDelivery(app.database, d, claim, { sent: true }, now);
      return 'sent';
    }

    async function pass(options: PassOptions = {}): Promise<SendPass> {
      const clock = options.now ?? Date.now;
      const result: SendPass = { sent: 0, failed: 0 };
      issues.clear();
      for (let batch = 0; options.maxBatches === undefined || batch < options.maxBatches; batch++) {
        if (closing || options.signal?.aborted) break;
        const claim = randomUUID();
        const start = clock();
        const claimed = await claimDeliveries(app.database, claim, start, start + claimMs, perBatch);
        if (claimed.length === 0) break;
        const wanted = await stillSubscribed(
          app.database,
          claimed.map((d) => d.member_id),
        );
        const paceFrom = Date.now();
        for (const [i, d] of claimed.entries()) {
          // Killed here: the rest of this batch is claimed by nobody alive and returns after claimMs.
          if (closing || options.signal?.aborted) return result;
          if (!wanted.has(d.member_id)) {
            await dropDelivery(app.database, d, claim);
            continue;
          }
          const outcome = await deliver(d, claim, clock());
          if (outcome === 'sent') result.sent++;
          if (outcome === 'failed') result.failed++;
          const ahead = paceFrom + (i + 1) * gapMs - Date.now();
          if (ahead >= 1) await sleep(ahead);
        }
        if (claimed.length < perBatch) break;
      }
      await finishSends(app.database, clock());
      return result;
    }

    const passes = periodicPass(pass, config.newsletterIntervalMs, (err) =>
      app.log.error({ err }, 'newsletter pass failed'),
    );
    const sendOne = async (reportId: number, to: string, memberId: number | null, id: string) => {
      const issue = await issues.get(reportId);
      if (!issue) throw new Error(`no report ${reportId}`);
      await provider.send(
        messageFor(issue, { origin, tokenSecret: config.tokenSecret, memberId, to, id, now: Date.now() }),
      );
    };
    app.decorate<Newsletter>('newsletter', { provider, runOnce: passes.run, sendOne, kick: passes.kick });

    app.addHook('onReady', async () => passes.start());
    app.addHook('onClose', async () => {
      closing = true;
      await passes.stop();
      await provider.close();
    });
  },
  { name: 'newsletter', dependencies: ['db'] },
);
