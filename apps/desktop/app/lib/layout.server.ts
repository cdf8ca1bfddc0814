import type { Api, Ads } from '@portal/api-client';
import { optional } from '@portal/api-client/envelope';
import { loadStartup, type StartupData } from '@portal/api-client/startup';

export interface LayoutData extends StartupData {
  adv: Ads | null;
}

/** The start-up loads of every page (spec section 7), plus the header's ad (get_adv's .one). */
export async function loadLayout(api: Api): Promise<LayoutData> {
  const [startup, adv] = await Promise.all([
    loadStartup(api, '[layout]'),
    optional<Ads | null>('[layout] get_adv', api.get_adv({}), null),
  ]);
  return { ...startup, adv };
}
