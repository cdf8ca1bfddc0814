/** The vendor and partner landing pages' records (spec section 9). */

export type { VendorRegistration } from '../entities/lead';
export type { PartnerActivity, PartnerBase, PartnerKnowledge, PartnerProduct } from '../entities/partner';
export type { VendorAsset, VendorMeet } from '../entities/vendor-meet';
