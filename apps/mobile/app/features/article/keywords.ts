/** Keywords come as a comma-separated string (half- or full-width commas, spec section 3). */
export function keywordsOf(keyword: string | string[] | null | undefined): string[] {
  const list = Array.isArray(keyword) ? keyword : (keyword ?? '').split(/[,，、;；]/);
  return [...new Set(list.map((k) => k.trim()).filter(Boolean))];
}
