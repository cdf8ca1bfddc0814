import { useSearchParams } from 'react-router';

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
