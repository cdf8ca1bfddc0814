import type { MetaDescriptor } from 'react-router';

/** Member screens are personal: a title, and no indexing. */
export function memberMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title}-中小企业IT网` }, { name: 'robots', content: 'noindex, nofollow' }];
}
