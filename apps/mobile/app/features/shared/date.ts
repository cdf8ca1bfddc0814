/** The date part of a created_at such as "2026-11-21 09:30:00" (lists show the day only). */
export function dayOf(createdAt: string): string {
  const m = /^\d{4}-\d{2}-\d{2}/.exec(createdAt);
  return m ? m[0] : createdAt;
}

/** ISO 8601 of a created_at ("2026-11-21 09:30", Asia/Shanghai) for datetime attributes and JSON-LD. */
export function isoOf(createdAt: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(:\d{2})?$/.exec(createdAt);
  return m ? `${m[1]}T${m[2]}${m[3] ?? ':00'}+08:00` : createdAt;
}
