import { officeFields } from '../entities/office';
import { fieldNamed } from '../entities/derive';
import { SENSITIVE_WORD_FIELDS, sensitiveWordCheck } from '../entities/sensitive-word';
import { ADMIN_ONLY, searchFilter, selectFilter, type ResourceDecl } from './fields';

/** The sensitive-word dictionary (issue 26; entities/sensitive-word.ts). */
export const sensitiveWords = {
  kind: 'sensitive-words',
  label: '敏感词',
  idField: 'id',
  fields: officeFields(SENSITIVE_WORD_FIELDS),
  columns: ['word', 'level', 'replacement', 'note'],
  filters: [searchFilter, selectFilter(fieldNamed(SENSITIVE_WORD_FIELDS, 'level'))],
  searchFields: ['word', 'note'],
  ordered: false,
  scheduled: false,
  read: ADMIN_ONLY,
  write: ADMIN_ONLY,
  check: sensitiveWordCheck,
} as const satisfies ResourceDecl;
