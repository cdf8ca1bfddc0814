/**
 * How far behind the primary a streaming replica is, in milliseconds, from WAL positions alone
 * (db/replicas.ts samples them in the background, never per request).
 *
 * `now() - pg_last_xact_replay_timestamp()` on the replica is the usual measure, but it grows on an
 * idle primary (nothing to replay is not lag) and needs the two clocks to agree. Here the primary's
 * WAL position is sampled with this process's clock; a replica that has replayed up to `replay` is
 * as far behind as the time since the primary first stood beyond `replay`.
 */

/** An LSN as PostgreSQL prints it ("16/B374D848") in bytes; exact below 2^53 (8 PiB of WAL). */
export function parseLsn(text: string | null | undefined): number {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text ?? '');
  if (!match) return 0;
  return Number.parseInt(match[1]!, 16) * 2 ** 32 + Number.parseInt(match[2]!, 16);
}

interface Sample {
  at: number;
  lsn: number;
}

/** The primary's WAL positions over the last `keepMs`, each with the first time it was seen. */
export class WalHistory {
  private samples: Sample[] = [];

  constructor(private readonly keepMs: number) {}

  /** The primary stood at `lsn` at `at` (samples come in time order). */
  add(at: number, lsn: number): void {
    const last = this.samples.at(-1);
    // An idle primary adds nothing: the first time a position was seen is what lag is measured from.
    if (last && lsn <= last.lsn) return;
    this.samples.push({ at, lsn });
    // Older samples go, but the newest always stays: a replica behind it lags since it was taken.
    const cutoff = at - this.keepMs;
    let drop = 0;
    while (drop < this.samples.length - 1 && this.samples[drop]!.at < cutoff) drop += 1;
    if (drop > 0) this.samples.splice(0, drop);
  }

  /** The primary's newest known position (0 before any sample). */
  get latest(): number {
    return this.samples.at(-1)?.lsn ?? 0;
  }

  /**
   * How long ago the primary first stood beyond `replay`: 0 when the replica has everything the
   * primary had at the newest sample; null before any sample (unknown).
   */
  lagOf(replay: number, now: number): number | null {
    if (this.samples.length === 0) return null;
    const ahead = this.samples.find((s) => s.lsn > replay);
    return ahead ? Math.max(0, now - ahead.at) : 0;
  }
}
