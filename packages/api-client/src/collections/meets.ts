import { officeFields } from '../entities/office';
import { VENDOR_MEET_FIELDS } from '../entities/vendor-meet';
import { LANDING_PAGE_LABEL } from '../constants';
import { EDITORIAL, type ResourceDecl, searchFilter } from './fields';

/** Vendor landing pages (entities/vendor-meet.ts): a page's name and its content as one JSON text. */
export const meets = {
  kind: 'meets',
  label: LANDING_PAGE_LABEL.vendor,
  idField: 'id',
  fields: officeFields(VENDOR_MEET_FIELDS),
  columns: ['id', 'title'],
  filters: [searchFilter],
  searchFields: ['title'],
  ...EDITORIAL,
} as const satisfies ResourceDecl;
