import type { ResourceKind } from '@portal/api-client/admin-resources';
import { editorsStore } from './editors';
import { SPECIAL_STORES } from './special';
import type { ResourceStore } from './store';
import { TABLE_STORES } from './tables';
import { complaintsStore } from '../complaints';
import { sensitiveHitsStore, sensitiveWordsStore } from '../sensitive-words';

/** Where each declared kind lives (the routes are one generic set over these). */
export const RESOURCE_STORES: Record<ResourceKind, ResourceStore> = {
  ...TABLE_STORES,
  ...SPECIAL_STORES,
  editors: editorsStore,
  'sensitive-words': sensitiveWordsStore,
  'sensitive-hits': sensitiveHitsStore,
  complaints: complaintsStore,
};
