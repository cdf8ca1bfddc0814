/** China has had no daylight saving since 1991: Asia/Shanghai is always UTC+8. */
const SHANGHAI_OFFSET_MS = 8 * 3600 * 1000;

/** Epoch ms → 'YYYY-MM-DD HH:mm' in Asia/Shanghai. */
export function formatTime(ms: number): string {
  const iso = new Date(Number(ms) + SHANGHAI_OFFSET_MS).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** Epoch ms → 'YYYY-MM-DD' in Asia/Shanghai. */
export function formatDate(ms: number): string {
  return new Date(Number(ms) + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}

/** Epoch ms of the next midnight in Asia/Shanghai after `ms` (when daily quotas reset). */
export function nextShanghaiMidnight(ms: number): number {
  const day = 24 * 3600 * 1000;
  return (Math.floor((Number(ms) + SHANGHAI_OFFSET_MS) / day) + 1) * day - SHANGHAI_OFFSET_MS;
}
