import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_FORM_FIELDS } from '../entities/activity-form';
import { AD_FIELDS } from '../entities/ad';
import { AUDIT_ENTRY_FIELDS } from '../entities/audit-entry';
import { BANNER_FIELDS } from '../entities/banner';
import { BLOCK_FIELDS } from '../entities/block';
import { CATEGORY_FIELDS } from '../entities/category';
import { COLUMN_FIELDS } from '../entities/column';
import { COMPLAINT_FIELDS } from '../entities/complaint';
import { EDITOR_FIELDS } from '../entities/editor';
import { EVENT_FIELDS } from '../entities/event';
import { EXPERT_FIELDS } from '../entities/expert';
import type { EntityField } from '../entities/field';
import { JOB_FIELDS } from '../entities/job';
import { MEMBER_FIELDS } from '../entities/member';
import { MENU_FIELDS } from '../entities/menu';
import { officeFields } from '../entities/office';
import { PARTNER_FIELDS } from '../entities/partner';
import { REPORT_FIELDS } from '../entities/report';
import { SENSITIVE_HIT_FIELDS } from '../entities/sensitive-hit';
import { SENSITIVE_WORD_FIELDS } from '../entities/sensitive-word';
import { SETTING_FIELDS } from '../entities/setting';
import { TOPIC_FIELDS } from '../entities/topic';
import { VENDOR_MEET_FIELDS } from '../entities/vendor-meet';
import { VIDEO_FIELDS } from '../entities/video';
import { WHITE_PAPER_FIELDS } from '../entities/white-paper';
import { RESOURCE_KINDS, RESOURCES, type ResourceDecl, type ResourceKind } from '.';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The files of this folder that are not collections. */
const NOT_COLLECTIONS = new Set(['fields.ts', 'schema.ts', 'index.ts']);

/** Names the server sets on every record of these kinds, shown as columns without being a form field. */
const STAMPED = new Set(['created_at']);
/**
 * Filters that are not a field's equality or text match: `q` searches `searchFields`, a `from` date
 * filter reads the record's time (its store maps it), settings' `group` is its key's prefix.
 */
const QUERY_ONLY: Record<string, readonly string[]> = { settings: ['group'] };

/** The collections whose every field is declared by an entity module (entities/<kind>.ts). */
const ENTITY_OF: Partial<Record<ResourceKind, readonly EntityField[]>> = {
  videos: VIDEO_FIELDS,
  'white-papers': WHITE_PAPER_FIELDS,
  events: EVENT_FIELDS,
  reports: REPORT_FIELDS,
  topics: TOPIC_FIELDS,
  banners: BANNER_FIELDS,
  ads: AD_FIELDS,
  forms: ACTIVITY_FORM_FIELDS,
  partners: PARTNER_FIELDS,
  experts: EXPERT_FIELDS,
  jobs: JOB_FIELDS,
  menus: MENU_FIELDS,
  meets: VENDOR_MEET_FIELDS,
  categories: CATEGORY_FIELDS,
  // A member's own fields, then its column's (entities/member.ts, entities/column.ts).
  members: [...MEMBER_FIELDS, ...COLUMN_FIELDS],
  complaints: COMPLAINT_FIELDS,
  'sensitive-words': SENSITIVE_WORD_FIELDS,
  'sensitive-hits': SENSITIVE_HIT_FIELDS,
  editors: EDITOR_FIELDS,
  'audit-log': AUDIT_ENTRY_FIELDS,
  settings: SETTING_FIELDS,
  blocks: BLOCK_FIELDS,
};

/**
 * The fields a collection of ENTITY_OF shows besides its entity's: the account's state, which its
 * store works out of the row (`toMember`: the registration time, and 停用 over `status`). They are
 * no field of the member's record: declared in entities/member.ts they would join each record the
 * back office reads of a member (a column application in the review queue too).
 */
const STATE_OF: Partial<Record<ResourceKind, readonly string[]>> = { members: ['created_at', 'disabled'] };

function isDecl(value: unknown): value is ResourceDecl {
  return typeof value === 'object' && value !== null && 'kind' in value && 'fields' in value;
}

/** Every declaration each collection file exports, by file. */
async function collectionFiles(): Promise<{ file: string; decls: ResourceDecl[] }[]> {
  const files = readdirSync(here).filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !NOT_COLLECTIONS.has(f),
  );
  return Promise.all(
    files.map(async (file) => {
      // A computed path: the test lists the folder itself rather than trusting a list it keeps.
      const mod = (await import(/* @vite-ignore */ path.join(here, file))) as Record<string, unknown>;
      return { file, decls: Object.values(mod).filter(isDecl) };
    }),
  );
}

describe('the collection registry', () => {
  it('registers each collection file, named after its kind, exactly once', async () => {
    const files = await collectionFiles();
    const registered = Object.values(RESOURCES) as readonly ResourceDecl[];
    for (const { file, decls } of files) {
      // One collection per file, and the file says which.
      expect(
        decls.map((d) => d.kind),
        file,
      ).toEqual([file.replace(/\.ts$/, '')]);
      const decl = decls[0] as ResourceDecl;
      expect(
        registered.filter((d) => d === decl),
        file,
      ).toHaveLength(1);
      expect(RESOURCES[decl.kind as keyof typeof RESOURCES], file).toBe(decl);
    }
    // Nothing is registered that has no file of its own.
    expect(RESOURCE_KINDS.toSorted()).toEqual(files.map((f) => f.file.replace(/\.ts$/, '')).toSorted());
    // Issue 14's 19 kinds and issue 26's sensitive words, their hits and complaints.
    expect(RESOURCE_KINDS).toHaveLength(22);
  });

  it.each(RESOURCE_KINDS)('%s: columns, search fields and filters name declared fields', (kind) => {
    const decl: ResourceDecl = RESOURCES[kind];
    expect(decl.kind).toBe(kind);
    expect(decl.label).toMatch(/[\u4e00-\u9fa5]/);
    const names = new Set(decl.fields.map((f) => f.name));
    expect(names.size, 'field names are unique').toBe(decl.fields.length);
    for (const c of decl.columns) expect(names.has(c) || STAMPED.has(c), `column ${c}`).toBe(true);
    for (const s of decl.searchFields ?? []) expect(names.has(s), `search field ${s}`).toBe(true);
    for (const f of decl.filters) {
      const known =
        names.has(f.name) ||
        (f.name === 'q' && f.type === 'search' && (decl.searchFields?.length ?? 0) > 0) ||
        (f.name === 'from' && f.type === 'date') ||
        (QUERY_ONLY[kind] ?? []).includes(f.name);
      expect(known, `filter ${f.name}`).toBe(true);
    }
    if (decl.ordered) expect(names.has('order')).toBe(true);
    if (decl.scheduled) expect(names.has('start_at') && names.has('end_at')).toBe(true);
  });
});

describe('the collections of entity modules', () => {
  it.each(Object.entries(ENTITY_OF))(
    '%s: each field is one its entity declares, none written in the collection',
    (kind, entity) => {
      const decl: ResourceDecl = RESOURCES[kind as ResourceKind];
      const state = STATE_OF[kind as ResourceKind] ?? [];
      const own = decl.fields.filter((f) => !state.includes(f.name));
      expect(own.length, 'each state field is shown').toBe(decl.fields.length - state.length);
      // The same fields as the entity gives the back office, in the form's order, and no other
      // (the form names a field by its office name: a vendor meet's `name` is its `title`).
      const column = new Map(entity.map((f) => [f.office?.name ?? f.name, f.name]));
      expect(own).toStrictEqual(
        officeFields(
          entity,
          own.map((f) => column.get(f.name) ?? f.name),
        ),
      );
      // The public record's id and time are the store's (ResourceDecl columns may show them).
      const fields = new Set(decl.fields.map((f) => f.name));
      for (const c of decl.columns) expect(fields.has(c) || STAMPED.has(c), `column ${c}`).toBe(true);
    },
  );

  it('refuses a form order that leaves out or repeats an office field', () => {
    expect(() => officeFields(AD_FIELDS, ['slot', 'thumb', 'url', 'title', 'start_at'])).toThrow(/end_at/);
    expect(() =>
      officeFields(AD_FIELDS, ['slot', 'slot', 'thumb', 'url', 'title', 'start_at', 'end_at']),
    ).toThrow();
  });
});
