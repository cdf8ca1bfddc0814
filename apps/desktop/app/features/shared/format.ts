/** "2026-11-21 10:20" → "2026-11-21". */
export const day = (createdAt: string) => createdAt.slice(0, 10);

/** Keywords arrive as a comma string (ASCII or full-width commas). */
export const keywordList = (keyword: string) =>
  keyword
    .split(/[,，]/)
    .map((k) => k.trim())
    .filter(Boolean);

/** "2026-11-21 10:20" (Beijing time, as the API writes it) → ISO 8601 with the +08:00 offset. */
export function isoTime(createdAt: string): string | undefined {
  const m = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2})(?::(\d{2}))?)?/.exec(createdAt);
  if (!m) return undefined;
  return `${m[1]}T${m[2] ?? '00:00'}:${m[3] ?? '00'}+08:00`;
}
