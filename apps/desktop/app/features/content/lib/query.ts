/** A positive integer query parameter (page, id, year…); anything else reads as `fallback`. */
export function intParam(params: URLSearchParams, name: string, fallback: number, max = 1_000_000): number {
  const raw = params.get(name);
  if (raw === null || !/^\d{1,9}$/.test(raw.trim())) return fallback;
  const value = Number(raw.trim());
  return value > max ? fallback : value;
}

/** The 1-based page of a paginated list (?page=N). */
export const pageParam = (params: URLSearchParams) => Math.max(1, intParam(params, 'page', 1, 100_000));

/** A list URL for page N, keeping the other query parameters; page 1 drops the parameter (one canonical URL). */
export function withPage(pathname: string, params: URLSearchParams, page: number): string {
  const next = new URLSearchParams(params);
  if (page <= 1) next.delete('page');
  else next.set('page', String(page));
  const search = next.toString();
  return search ? `${pathname}?${search}` : pathname;
}
