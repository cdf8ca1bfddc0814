import { officeFields } from '../entities/office';
import { PARTNER_FIELDS } from '../entities/partner';
import { EDITORIAL, type ResourceDecl, searchFilter } from './fields';
import { LANDING_PAGE_LABEL } from '../constants';

/** A partner's page (entities/partner.ts), keyed by its mark: slogan, pictures, QR codes and its content items by list. */
export const partners = {
  kind: 'partners',
  label: LANDING_PAGE_LABEL.partner,
  idField: 'mark',
  textId: true,
  fields: officeFields(PARTNER_FIELDS),
  columns: ['mark', 'slogan'],
  filters: [searchFilter],
  searchFields: ['mark'],
  ...EDITORIAL,
} as const satisfies ResourceDecl;
