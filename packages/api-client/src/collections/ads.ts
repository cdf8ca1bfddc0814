import { AD_FIELDS } from '../entities/ad';
import { officeFields } from '../entities/office';
import { CONTENT_ROLES, type ResourceDecl } from './fields';

/** The spec's fixed ad slots (entities/ad.ts): one picture and link per slot, keyed by the slot. */
export const ads = {
  kind: 'ads',
  label: '广告位',
  idField: 'slot',
  fields: officeFields(AD_FIELDS, ['slot', 'thumb', 'url', 'title', 'start_at', 'end_at']),
  columns: ['slot', 'thumb', 'title', 'url', 'start_at', 'end_at'],
  filters: [],
  ordered: false,
  scheduled: true,
  read: CONTENT_ROLES,
  write: CONTENT_ROLES,
} as const satisfies ResourceDecl;
