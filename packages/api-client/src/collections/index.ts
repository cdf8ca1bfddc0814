import type { AnyObject, ObjectSchema } from 'yup';
import type { EditorRole } from '../admin';
import { ads } from './ads';
import { auditLog } from './audit-log';
import { banners } from './banners';
import { blocks } from './blocks';
import { categories } from './categories';
import { complaints } from './complaints';
import { editors } from './editors';
import { events } from './events';
import { experts } from './experts';
import type { ResourceDecl } from './fields';
import { forms } from './forms';
import { jobs } from './jobs';
import { meets } from './meets';
import { members } from './members';
import { menus } from './menus';
import { partners } from './partners';
import { reports } from './reports';
import { declDefaults, declSchema, type ResourceRecord } from './schema';
import { sensitiveHits } from './sensitive-hits';
import { sensitiveWords } from './sensitive-words';
import { settings } from './settings';
import { topics } from './topics';
import { videos } from './videos';
import { whitePapers } from './white-papers';

/**
 * The back office's collections (issue 14), as data, one file per kind as Payload keeps them: each
 * declaration says its label, its fields (the form and the API's validation), its list columns and
 * filters, whether it is ordered by drag and scheduled by a start and end time, and which roles may
 * read and write it. The API validates with `resourceSchema(kind)`, the admin app builds its forms
 * and tables from the same declaration. Browser-safe: no server imports.
 *
 * A new kind is a new file beside these, registered here (the key is the declaration's own `kind`;
 * `schema.test.ts` fails on a collection file left out).
 */
export const RESOURCES = {
  [banners.kind]: banners,
  [ads.kind]: ads,
  [blocks.kind]: blocks,
  [topics.kind]: topics,
  [videos.kind]: videos,
  [whitePapers.kind]: whitePapers,
  [reports.kind]: reports,
  [events.kind]: events,
  [experts.kind]: experts,
  [forms.kind]: forms,
  [meets.kind]: meets,
  [partners.kind]: partners,
  [jobs.kind]: jobs,
  [categories.kind]: categories,
  [menus.kind]: menus,
  [settings.kind]: settings,
  [members.kind]: members,
  [editors.kind]: editors,
  [auditLog.kind]: auditLog,
  [sensitiveWords.kind]: sensitiveWords,
  [sensitiveHits.kind]: sensitiveHits,
  [complaints.kind]: complaints,
} as const satisfies Record<string, ResourceDecl>;

export type ResourceKind = keyof typeof RESOURCES;
export const RESOURCE_KINDS = Object.keys(RESOURCES) as ResourceKind[];

export function resourceDecl(kind: ResourceKind): ResourceDecl {
  return RESOURCES[kind];
}

export function isResourceKind(kind: string): kind is ResourceKind {
  return Object.hasOwn(RESOURCES, kind);
}

/** Whether `role` may read or write `kind` (the server checks every call; the app hides the rest). */
export function canResource(role: EditorRole, kind: ResourceKind, access: 'read' | 'write'): boolean {
  return (RESOURCES[kind][access] as readonly EditorRole[]).includes(role);
}

/**
 * The body schema of `POST` (create) or `PUT` (update) for `kind`; unknown keys are stripped by the
 * API. See `declSchema`.
 */
export function resourceSchema(kind: ResourceKind, mode: 'create' | 'update'): ObjectSchema<AnyObject> {
  return declSchema(RESOURCES[kind], mode);
}

/** Default values of a new record (the form's initial values). */
export function resourceDefaults(kind: ResourceKind): ResourceRecord {
  return declDefaults(RESOURCES[kind]);
}

export {
  RESOURCE_LIMITS,
  CATEGORY_OPTIONS,
  type FieldType,
  type FieldOption,
  type FieldDecl,
  type FilterDecl,
  type ResourceDecl,
} from './fields';
export { orderSchema, moveSchema, SAFE_URL, type ResourceRecord } from './schema';
export { AD_SLOT_OPTIONS } from '../entities/ad';
export { BANNER_PLACES } from '../entities/banner';
export { BLOCK_KEYS, type BlockKey } from '../entities/block';
export { FORM_FIELD_TYPES } from '../entities/activity-form';
export { SENSITIVE_LEVELS, type SensitiveLevel, type SensitiveHitView } from '../moderation';
export {
  SENSITIVE_LEVEL_LABEL,
  SENSITIVE_LIMITS,
  sensitiveWordProblem,
  type SensitiveImportReport,
} from '../entities/sensitive-word';
export {
  HIT_SOURCES,
  HIT_ACTIONS,
  HIT_LIMITS,
  type HitSource,
  type HitAction,
} from '../entities/sensitive-hit';
