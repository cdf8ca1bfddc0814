import { ACTIVITY_FORM_FIELDS } from '../entities/activity-form';
import { officeFields } from '../entities/office';
import { LANDING_PAGE_LABEL } from '../constants';
import { EDITORIAL, type ResourceDecl, searchFilter } from './fields';

/** An activity's sign-up form (entities/activity-form.ts), keyed by the activity: its questions in order. */
export const forms = {
  kind: 'forms',
  label: LANDING_PAGE_LABEL.activity,
  idField: 'activity_id',
  fields: officeFields(ACTIVITY_FORM_FIELDS, [
    'activity_id',
    'title',
    'banner',
    'is_submit',
    'is_privacy',
    'privacy_title',
    'privacy_content',
    'form',
  ]),
  columns: ['activity_id', 'title', 'is_submit', 'form'],
  filters: [searchFilter],
  searchFields: ['title'],
  ...EDITORIAL,
} as const satisfies ResourceDecl;
