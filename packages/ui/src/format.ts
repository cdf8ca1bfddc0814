/**
 * Dates and keywords in the spec's formats, written once for every site (issue 12). The API writes
 * created_at as "2026-11-21 09:30" or "2026-11-21 09:30:00", Beijing time.
 */

/** The date part of a created_at ("2026-11-21 09:30:00" → "2026-11-21"): lists show the day only. */
export function dayOf(createdAt: string): string {
  const m = /^\d{4}-\d{2}-\d{2}/.exec(createdAt);
  return m ? m[0] : createdAt;
}

const TIME = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2})(?::(\d{2}))?)?/;

/** Beijing local time of a created_at as "2026-11-20T08:00:00" (no offset); undefined when not a date. */
export function localTimeOf(createdAt: string): string | undefined {
  const m = TIME.exec(createdAt);
  if (!m) return undefined;
  return `${m[1]}T${m[2] ?? '00:00'}:${m[3] ?? '00'}`;
}

/** ISO 8601 with the +08:00 offset of a created_at, for datetime attributes, feeds and JSON-LD; undefined when not a date. */
export function isoOf(createdAt: string): string | undefined {
  const local = localTimeOf(createdAt);
  return local && `${local}+08:00`;
}

/** Keywords: a list, or a string separated by half- or full-width commas (spec section 3); trimmed, no repeats. */
export function keywordsOf(keyword: string | readonly string[] | null | undefined): string[] {
  const list = typeof keyword === 'string' ? keyword.split(/[,，、;；]/) : (keyword ?? []);
  return [...new Set(list.map((k) => k.trim()).filter(Boolean))];
}
