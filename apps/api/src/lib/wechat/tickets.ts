import type { FastifyBaseLogger } from 'fastify';
import type { WechatSettings } from '@portal/config';
import { ErrorCode } from '@portal/api-client/codes';
import { ApiError } from '../envelope';
import { fetchJsapiTicket, fetchStableToken, WECHAT_TIMEOUT_MS, WechatApiError, type Issued } from './client';
import type { CredentialStore, Kept } from './store';

/** Refreshed this long before it expires (WeChat gives 7,200 s), so readers never hold a dead one. */
export const REFRESH_AHEAD_MS = 10 * 60_000;
/** After WeChat refused or failed, this process asks again only after this long (its quota is small). */
export const FAILURE_BACKOFF_MS = 30_000;
/** WeChat's errcodes that mean the access token itself is no good (then it is fetched anew once). */
const TOKEN_INVALID = new Set<number | string>([40001, 40014, 42001]);

export interface TicketOptions {
  log: FastifyBaseLogger;
  timeoutMs?: number;
  now?: () => number;
}

/**
 * The jsapi_ticket behind wechat_signature. Kept in the store (Redis or memory) and refreshed
 * before it expires by one caller at a time: in this process one refresh is in flight at most,
 * across processes the store's lock decides, and the others keep serving the ticket they have
 * (or wait briefly for the new one). Never fetched per request. WeChat's failures are logged once
 * per code and answered WechatUnavailable for FAILURE_BACKOFF_MS without asking WeChat again.
 */
export class WechatTickets {
  private pending: Promise<string> | null = null;
  private failedUntil = 0;
  private readonly logged = new Set<string>();
  private readonly timeoutMs: number;
  private readonly now: () => number;

  constructor(
    private readonly settings: WechatSettings,
    private readonly store: CredentialStore,
    private readonly options: TicketOptions,
  ) {
    this.timeoutMs = options.timeoutMs ?? WECHAT_TIMEOUT_MS;
    this.now = options.now ?? Date.now;
  }

  /** A live jsapi_ticket, or ApiError(WechatUnavailable). */
  async ticket(): Promise<string> {
    try {
      const kept = await this.store.get('ticket');
      if (kept && this.fresh(kept)) return kept.value;
      if (this.now() < this.failedUntil) return this.orUnavailable(kept);
      this.pending ??= this.refresh(kept).finally(() => {
        this.pending = null;
      });
      return await this.pending;
    } catch (error) {
      if (error instanceof ApiError) throw error;
      // The store (Redis) failing must not become a 500: the page just has no card.
      this.report('store', error as Error);
      throw new ApiError(ErrorCode.WechatUnavailable);
    }
  }

  private fresh(kept: Kept): boolean {
    return kept.expiresAt - this.now() > REFRESH_AHEAD_MS;
  }

  private orUnavailable(kept: Kept | null): string {
    if (kept && kept.expiresAt > this.now()) return kept.value;
    throw new ApiError(ErrorCode.WechatUnavailable);
  }

  private async refresh(kept: Kept | null): Promise<string> {
    // Long enough for a token and a ticket call each timing out, and a retry of the ticket.
    const lock = await this.store.lock(3 * this.timeoutMs + 1000);
    if (!lock) return kept && kept.expiresAt > this.now() ? kept.value : this.waitForOther();
    try {
      // Another process may have refreshed between our read and our lock.
      const again = await this.store.get('ticket');
      if (again && this.fresh(again)) return again.value;
      const issued = await this.fetchTicket();
      await this.store.set('ticket', this.keep(issued));
      this.recovered();
      return issued.value;
    } catch (error) {
      if (!(error instanceof WechatApiError)) throw error;
      this.failedUntil = this.now() + FAILURE_BACKOFF_MS;
      this.report(error.step, error, error.code);
      return this.orUnavailable(kept);
    } finally {
      await this.store.unlock(lock);
    }
  }

  private async fetchTicket(): Promise<Issued> {
    const token = await this.accessToken();
    try {
      return await fetchJsapiTicket(this.settings, token, this.timeoutMs);
    } catch (error) {
      if (!(error instanceof WechatApiError) || !TOKEN_INVALID.has(error.code)) throw error;
      // The kept token was revoked (a secret reset): fetch a new one, once.
      await this.store.delete('token');
      return fetchJsapiTicket(this.settings, await this.accessToken(), this.timeoutMs);
    }
  }

  private async accessToken(): Promise<string> {
    const kept = await this.store.get('token');
    if (kept && this.fresh(kept)) return kept.value;
    const issued = await fetchStableToken(this.settings, this.timeoutMs);
    await this.store.set('token', this.keep(issued));
    return issued.value;
  }

  private keep(issued: Issued): Kept {
    return { value: issued.value, expiresAt: this.now() + issued.expiresInS * 1000 };
  }

  /** Another process holds the lock and no ticket is left: wait for the one it is fetching. */
  private async waitForOther(): Promise<string> {
    const deadline = this.now() + 2 * this.timeoutMs + 1000;
    while (this.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const kept = await this.store.get('ticket');
      if (kept) return kept.value;
    }
    throw new ApiError(ErrorCode.WechatUnavailable);
  }

  /** One log line per distinct failure until WeChat answers again: a refused secret does not flood the log. */
  private report(step: string, error: Error, code: number | string = 'error'): void {
    const key = `${step}:${String(code)}`;
    if (this.logged.has(key)) return;
    this.logged.add(key);
    this.options.log.error(
      { wechatStep: step, wechatErrcode: code, err: error },
      `WeChat share cards unavailable: ${error.message}`,
    );
  }

  private recovered(): void {
    this.failedUntil = 0;
    this.logged.clear();
  }
}
