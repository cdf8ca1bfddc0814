/** The vendor and partner landing pages' records (spec section 9). */

export type { VendorRegistration } from '../entities/lead';
export type { PartnerActivity, PartnerBase, PartnerKnowledge, PartnerProduct } from '../entities/partner';

/** A gated vendor asset (report PDF or video): the login gate remembers its title and logs access. */
export interface VendorAsset {
  title: string;
  description: string;
  thumb: string;
  /** PDF or video address, opened in a new tab after the gate. */
  url: string;
  kind: 'pdf' | 'video';
}
/** A vendor landing page (vendor_meets row): hero, report cards and titled carousels of assets. */
export interface VendorMeet {
  id: number;
  /** Sent as meetName by vendor_register and vendor_log. */
  name: string;
  hero: { title: string; subtitle: string; banner: string; date: string; place: string };
  reports: VendorAsset[];
  carousels: { title: string; items: VendorAsset[] }[];
}
