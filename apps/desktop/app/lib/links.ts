import type { CategoryEntry } from '@portal/api-client';
import { href } from '@portal/routes';

/** A category's page: its alias is a route segment ("AI") or already a path ("/video"). */
export function categoryHref(entry: Pick<CategoryEntry, 'alias' | 'id'>): string {
  if (!entry.alias) return href.more(entry.id);
  if (/^(https?:)?\/\//.test(entry.alias) || entry.alias.startsWith('/')) return entry.alias;
  return href.category(entry.alias);
}
