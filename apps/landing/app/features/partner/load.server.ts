import type { Api, PartnerActivity, PartnerBase, PartnerKnowledge, PartnerProduct } from '@portal/api-client';
import { unwrap } from '@portal/api-client/route-envelope';

export interface PartnerData {
  mark: string;
  base: PartnerBase;
  news: PartnerProduct[];
  hot: PartnerProduct[];
  videos: PartnerProduct[];
  knowledge: PartnerKnowledge[];
  activities: PartnerActivity[];
  products: PartnerProduct[];
}

/** The seven partner calls, in parallel (spec section 7). An unknown mark is a 404. */
export async function loadPartner(api: Api, mark: string): Promise<PartnerData> {
  const payload = { mark };
  const [base, news, hot, videos, knowledge, activities, products] = await Promise.all([
    api.partner_base(payload),
    api.partner_new(payload),
    api.partner_recommend(payload),
    api.partner_video(payload),
    api.partner_know(payload),
    api.partner_activity(payload),
    api.partner_product(payload),
  ]);
  return {
    mark,
    base: unwrap('partner_base', base),
    news: unwrap('partner_new', news),
    hot: unwrap('partner_recommend', hot),
    videos: unwrap('partner_video', videos),
    knowledge: unwrap('partner_know', knowledge),
    activities: unwrap('partner_activity', activities),
    products: unwrap('partner_product', products),
  };
}
