import type { TablePaginationConfig } from 'antd';
import { useSearchParams } from 'react-router';
import { ADMIN_PAGE_SIZE } from '@portal/api-client/admin';

/**
 * The list pages keep their filters and page in the URL (bookmarkable, shareable): this reads them
 * and applies changes, dropping emptied ones.
 */
export function useSearchFilters() {
  const [params, setParams] = useSearchParams();
  const apply = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next);
  };
  return { params, apply };
}

/** A list's page and page size in the URL (`page`, `pageSize`), and the table's pager over them. */
export function usePaging(defaultSize: number = ADMIN_PAGE_SIZE.default) {
  const { params, apply } = useSearchFilters();
  const page = Number(params.get('page') ?? 1);
  const pageSize = Number(params.get('pageSize') ?? defaultSize);
  /** `unit`: the counter word of the total (共 12 条, 共 12 篇). */
  const pagination = (total: number, unit = '条'): TablePaginationConfig => ({
    current: page,
    pageSize,
    total,
    showSizeChanger: true,
    showTotal: (n) => `共 ${n} ${unit}`,
    onChange: (p, size) => apply({ page: String(p), pageSize: String(size) }),
  });
  return { page, pageSize, pagination };
}

/** A list loader's query: the given keys of the request's URL (absent: undefined). */
export function queryOf<K extends string>(
  request: Request,
  keys: readonly K[],
): Record<K, string | undefined> {
  const params = new URL(request.url).searchParams;
  return Object.fromEntries(keys.map((k) => [k, params.get(k) ?? undefined])) as Record<
    K,
    string | undefined
  >;
}
