/** "2026-11-21 10:20:00" → "2026-11-21"; leaves other shapes untouched. */
export const day = (createdAt: string) => createdAt.slice(0, 10);

/** Keywords arrive as a comma string (either comma). */
export const keywords = (keyword: string) =>
  keyword
    .split(/[,，]/)
    .map((k) => k.trim())
    .filter(Boolean);
