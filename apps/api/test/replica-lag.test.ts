import { describe, expect, it } from 'vitest';
import { WalHistory, parseLsn } from '../src/db/replica-lag';

/** The lag of a streaming replica from WAL positions (db/replica-lag.ts), measured in the background. */
describe('replica lag from WAL positions', () => {
  it('reads an LSN as PostgreSQL prints it, in bytes', () => {
    expect(parseLsn('0/0')).toBe(0);
    expect(parseLsn('0/3000148')).toBe(0x3000148);
    expect(parseLsn('16/B374D848')).toBe(0x16 * 2 ** 32 + 0xb374d848);
    expect(parseLsn('1/76000000')).toBeGreaterThan(parseLsn('0/FFFFFFFF'));
    // A standby before its first replay answers null: nothing replayed.
    for (const bad of [null, undefined, '', 'x/1', '1/2/3', '123456789/0']) expect(parseLsn(bad)).toBe(0);
  });

  it('is unknown before the primary was sampled, and 0 for a replica that has what the primary had', () => {
    const h = new WalHistory(10_000);
    expect(h.lagOf(100, 1000)).toBeNull();
    h.add(1000, 500);
    expect(h.lagOf(500, 5000)).toBe(0);
    expect(h.lagOf(900, 5000)).toBe(0);
  });

  it('is the time since the primary first stood beyond the replay position', () => {
    const h = new WalHistory(60_000);
    h.add(1000, 100);
    h.add(2000, 200);
    h.add(3000, 300);
    expect(h.lagOf(250, 3500)).toBe(500);
    expect(h.lagOf(150, 3500)).toBe(1500);
    expect(h.lagOf(50, 3500)).toBe(2500);
  });

  it('does not grow on an idle primary: an unchanged position keeps the time it was first seen', () => {
    const h = new WalHistory(60_000);
    h.add(1000, 100);
    for (let t = 2000; t <= 30_000; t += 1000) h.add(t, 100);
    expect(h.lagOf(100, 30_000)).toBe(0);
    // A replica that stopped short of that position lags since then, however idle the primary.
    expect(h.lagOf(99, 30_000)).toBe(29_000);
  });

  it('forgets old samples but keeps the newest, so a replica stuck behind them still lags past the bound', () => {
    const keep = 2000;
    const h = new WalHistory(keep);
    for (let t = 0; t <= 100_000; t += 100) h.add(t, 1000 + t);
    // Stuck at the first position: behind every kept sample, its lag is at least the kept window.
    expect(h.lagOf(1000, 100_000)).toBeGreaterThanOrEqual(keep - 100);
    expect(h.latest).toBe(101_000);
    // A primary idle since long ago: its one sample stays.
    const idle = new WalHistory(keep);
    idle.add(0, 10);
    idle.add(60_000, 10);
    expect(idle.lagOf(5, 60_000)).toBe(60_000);
  });
});
