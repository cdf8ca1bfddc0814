/** The vendor and partner landing pages' records (spec section 9). */

export type { VendorRegistration } from '../entities/lead';

export interface PartnerBase {
  slogan: string;
  num: string;
  banner: string;
  adv: string;
  des: string;
  qrocde: { img: string; name1: string; name2: string }[];
}
export interface PartnerProduct {
  thumb: string;
  title: string;
  subTitle: string;
  url: string;
}
export interface PartnerActivity {
  thumb: string;
  title: string;
  url: string;
  btnText: string;
}
export interface PartnerKnowledge {
  title: string;
  subTitle: string;
  url: string;
}

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
