import type { Api } from '@portal/api-client';
import { INNER_PAGE_ITEMS } from '@portal/api-client/constants';
import { headline, type Headline } from '@portal/api-client/teasers';
import { dataOr, settle } from '@portal/api-client/envelope';

export interface InnerSidebarData {
  hot: Headline[];
  policy: Headline[];
}

/** The inner pages' sidebar: hot news and policy, INNER_PAGE_ITEMS each (ads come from the root's get_adv). */
export async function loadInnerSidebar(api: Api): Promise<InnerSidebarData> {
  const [right, policy] = await Promise.all([settle(api.get_right({})), settle(api.get_policy({}))]);
  return {
    hot: dataOr('get_right', right, { activities: [], hot: [], special: [], white_papers: [] })
      .hot.slice(0, INNER_PAGE_ITEMS)
      .map(headline),
    policy: dataOr('get_policy', policy, []).slice(0, INNER_PAGE_ITEMS).map(headline),
  };
}
