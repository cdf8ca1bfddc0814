import type { MetaDescriptor } from 'react-router';
import { SITE_NAME } from '@portal/api-client/constants';

/** Member screens are personal: a title, and no indexing. */
export function memberMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title}-${SITE_NAME}` }, { name: 'robots', content: 'noindex, nofollow' }];
}
