import type { Paged } from '@portal/api-client/admin';
import {
  RESOURCES,
  type FieldDecl,
  type ResourceDecl,
  type ResourceKind,
  type ResourceRecord,
} from '@portal/api-client/admin-resources';
import type { Kysely } from 'kysely';
import type { Db } from '../../db';
import { contains } from '../../db/like';
import type { Actor } from '../newsroom';
import { pageOf, paged } from '../paging';

/**
 * The back office's generic resource layer (issue 14), data side: a store per kind lists, reads,
 * creates, updates, removes and reorders records in the shape of the kind's declaration
 * (@portal/api-client/admin-resources). Most kinds are one table, built by `tableStore` from a
 * small mapping; the few that span tables (partners, settings, members, editors) write their own.
 * Writes get a Db that is already inside the caller's write transaction (routes/admin/resources).
 */

export type ResourceId = number | string;

export interface ListQuery {
  page: number;
  pageSize: number;
  /** Declared filters by name, already bounded strings ('' or absent: no filter). */
  filters: Record<string, string | undefined>;
}

/** Thrown by a store for bad input it alone can see (a duplicate key, a name pattern): 400 or 409. */
export class ResourceInputError extends Error {
  constructor(
    readonly status: 400 | 409,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ResourceInputError';
  }
}

export interface ResourceStore {
  /**
   * The store opens its own write transactions and writes its own audit records (editors reuse
   * the account functions of part 1): create/update get the database and the actor, not a tx.
   */
  ownsWrites?: boolean;
  /** Records are people's data (members): each list page read is in the audit log (issue 23). */
  personal?: boolean;
  list(database: Db, q: ListQuery): Promise<Paged<ResourceRecord>>;
  get(database: Db, id: ResourceId): Promise<ResourceRecord | null>;
  /**
   * Returns the new record's id. `seed` (the demo seed only, never over HTTP): the row the input
   * was read from, in table shape; its own id and the columns no declared field writes (a created
   * time, values derived on write) are stored as given, so seeded rows other rows point to keep
   * their ids.
   */
  create?(
    tx: Db,
    input: ResourceRecord,
    now: number,
    actor: Actor,
    seed?: Record<string, unknown>,
  ): Promise<ResourceId>;
  /** The demo seed only: a row in table shape as the API reads it (the input of `create` with `seed`). */
  fromRow?(row: Record<string, unknown>): ResourceRecord;
  /** False when there is no such record. */
  update?(tx: Db, id: ResourceId, input: ResourceRecord, now: number, actor: Actor): Promise<boolean>;
  remove?(tx: Db, id: ResourceId): Promise<boolean>;
  /** Sets the order of the given ids (first is shown first); ids not of this kind are ignored. */
  reorder?(tx: Db, ids: number[]): Promise<void>;
  /**
   * Moves one record to `position` (1 = first) of the list as `filters` select it, on any page: it
   * lands just before the record now at that place (after the last one past the end), and the
   * whole kind is renumbered 1..n. False when no listed record has this id.
   */
  move?(tx: Db, id: number, position: number, filters: ListQuery['filters']): Promise<boolean>;
}

/** Kysely over a table chosen at run time: columns are checked against the declaration instead. */
type AnyTables = Record<string, Record<string, unknown>>;
const loose = (database: Db) => database.db as unknown as Kysely<AnyTables>;

const num = (v: unknown) => (v === null || v === undefined || v === '' ? 0 : Number(v));
/** ISO text of epoch ms ('' for none). */
export const isoOf = (v: unknown) =>
  v === null || v === undefined || v === '' ? '' : new Date(Number(v)).toISOString();
/** Epoch ms of ISO text (null for ''). Bare dates are days in Asia/Shanghai, as the newsroom means them. */
export function msOf(v: unknown): number | null {
  if (typeof v !== 'string' || v === '') return null;
  const ms = Date.parse(v.length === 10 ? `${v}T00:00:00+08:00` : v);
  return Number.isNaN(ms) ? null : ms;
}
export function parseJson<T>(text: unknown, fallback: T): T {
  if (typeof text !== 'string' || text === '') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** The stored value of a declared field. */
function toColumn(field: FieldDecl, value: unknown): unknown {
  switch (field.type) {
    case 'boolean':
      return value ? 1 : 0;
    case 'datetime':
      return msOf(value);
    case 'articles':
    case 'lines':
    case 'list':
      return JSON.stringify(value ?? []);
    default:
      return value;
  }
}

/** The API value of a declared field's stored value. */
function fromColumn(field: FieldDecl, value: unknown): unknown {
  switch (field.type) {
    case 'boolean':
      return num(value) === 1;
    case 'number':
      return num(value);
    case 'select':
      return field.options?.every((o) => typeof o.value === 'number') ? num(value) : value;
    case 'datetime':
      return isoOf(value);
    case 'articles':
    case 'lines':
    case 'list':
      return parseJson<unknown[]>(value, []);
    default:
      return value ?? '';
  }
}

export interface TableMapping {
  kind: ResourceKind;
  table: string;
  /** The key column; `generated`: the database assigns it on insert. */
  id: { column: string; generated: boolean };
  /** Declared field → column, where the names differ (`order` → `sort` is the default). */
  columns?: Record<string, string>;
  /** Extra stored values on write (e.g. year and month of an event's start). */
  derive?(input: ResourceRecord, now: number, creating: boolean): Record<string, unknown>;
  /** Extra API values on read (e.g. the created time). */
  extra?(row: Record<string, unknown>): ResourceRecord;
  /**
   * Rewrites the input with what only the stored data tells (a form's option ids), before the row
   * is built; `id` is the record's key (null on create).
   */
  prepare?(tx: Db, input: ResourceRecord, id: ResourceId | null): Promise<ResourceRecord>;
  /** Checks the store can see (uniqueness of a composite key): throw ResourceInputError. */
  check?(tx: Db, input: ResourceRecord, id: ResourceId | null): Promise<void>;
  /** Declared fields kept elsewhere (packed by `derive`, a child table by `afterWrite`): no column. */
  virtual?: readonly string[];
  /** Writes what lives outside the row (child tables), in the same transaction. */
  afterWrite?(tx: Db, id: ResourceId, input: ResourceRecord): Promise<void>;
  /** Reads what lives outside the row into a record (one record's view, not the list). */
  load?(database: Db, record: ResourceRecord): Promise<ResourceRecord>;
  /** Removes what lives outside the row. */
  onRemove?(tx: Db, id: ResourceId): Promise<void>;
  /** Sort of the list when the kind is not ordered by drag (newest first by the id otherwise). */
  sort?: { column: string; desc: boolean };
}

function columnOf(m: TableMapping, field: string): string {
  return m.columns?.[field] ?? (field === 'order' ? 'sort' : field);
}

/** A store over one table, driven by the kind's declaration and `mapping`. */
export function tableStore(m: TableMapping): ResourceStore {
  const decl: ResourceDecl = RESOURCES[m.kind];
  const idCol = m.id.column;
  const virtual = new Set(m.virtual ?? []);
  const writable = decl.fields.filter((f) => !f.readOnly && !virtual.has(f.name));
  const fieldByName = new Map(decl.fields.map((f) => [f.name, f]));

  const toRecord = (row: Record<string, unknown>): ResourceRecord => {
    const out: ResourceRecord = {
      id: m.id.generated || typeof row[idCol] === 'number' ? num(row[idCol]) : row[idCol],
    };
    for (const f of decl.fields) {
      if (f.type === 'password' || virtual.has(f.name)) continue;
      out[f.name] = fromColumn(f, row[columnOf(m, f.name)]);
    }
    return { ...out, ...m.extra?.(row) };
  };

  const toRow = (input: ResourceRecord, now: number, creating: boolean) => {
    const row: Record<string, unknown> = {};
    for (const f of writable) {
      if (!(f.name in input)) continue;
      if (!creating && f.createOnly) continue;
      row[columnOf(m, f.name)] = toColumn(f, input[f.name]);
    }
    return { ...row, ...m.derive?.(input, now, creating) };
  };

  const idValue = (id: ResourceId) => (m.id.generated || typeof id === 'number' ? Number(id) : id);

  /** The kind's rows as the declared filters select them (bad filter values: ResourceInputError). */
  const filtered = (database: Db, filters: ListQuery['filters']) => {
    let query = loose(database).selectFrom(m.table);
    for (const filter of decl.filters) {
      const value = filters[filter.name];
      if (value === undefined || value === '') continue;
      if (filter.type === 'search') {
        if (filter.name === 'q') {
          const cols = (decl.searchFields ?? []).map((f) => columnOf(m, f));
          if (cols.length > 0) query = query.where((eb) => eb.or(cols.map((c) => contains(c, value))));
        } else {
          query = query.where(contains(columnOf(m, filter.name), value));
        }
      } else if (filter.type === 'select') {
        const field = fieldByName.get(filter.name);
        const numeric = filter.options?.every((o) => typeof o.value === 'number');
        if (!filter.options?.some((o) => String(o.value) === value)) {
          throw new ResourceInputError(400, `${filter.label}不正确`, filter.name);
        }
        query = query.where(columnOf(m, field?.name ?? filter.name), '=', numeric ? Number(value) : value);
      } else {
        const from = msOf(value);
        if (from === null) throw new ResourceInputError(400, '日期格式不正确', filter.name);
        query = query.where(columnOf(m, filter.name), '>=', from);
      }
    }
    return query;
  };

  /** Ids of the kind in drag order (every row when `filters` is empty). */
  const orderedIds = async (database: Db, filters: ListQuery['filters']) =>
    (await filtered(database, filters).select(idCol).orderBy('sort').orderBy(idCol).execute()).map((r) =>
      num(r[idCol]),
    );

  return {
    async list(database, q) {
      const { rows, total } = await paged(
        filtered(database, q.filters),
        (all) => {
          const rows = all.selectAll();
          if (decl.ordered) return rows.orderBy('sort').orderBy(idCol);
          if (m.sort) return rows.orderBy(m.sort.column, m.sort.desc ? 'desc' : 'asc').orderBy(idCol, 'desc');
          return rows.orderBy(idCol, 'desc');
        },
        pageOf(q.page, q.pageSize),
      );
      return { total, items: rows.map(toRecord) };
    },

    async get(database, id) {
      const row = await loose(database)
        .selectFrom(m.table)
        .selectAll()
        .where(idCol, '=', idValue(id))
        .executeTakeFirst();
      if (!row) return null;
      const record = toRecord(row);
      return m.load ? m.load(database, record) : record;
    },

    // Virtual fields (kept elsewhere) come with the seeded row under their own names.
    fromRow: (row) => ({
      ...toRecord(row),
      ...Object.fromEntries([...virtual].filter((v) => v in row).map((v) => [v, row[v]])),
    }),

    async create(tx, given, now, _actor, seed) {
      await m.check?.(tx, given, null);
      const input = m.prepare ? await m.prepare(tx, given, null) : given;
      const row = toRow(input, now, true);
      if (seed) {
        const declared = new Set([...writable.map((f) => columnOf(m, f.name)), ...virtual]);
        for (const [column, value] of Object.entries(seed)) if (!declared.has(column)) row[column] = value;
      }
      if (!m.id.generated) {
        const key = input[decl.idField];
        const exists = await loose(tx)
          .selectFrom(m.table)
          .select(idCol)
          .where(idCol, '=', key)
          .executeTakeFirst();
        if (exists)
          throw new ResourceInputError(
            409,
            `${fieldByName.get(decl.idField)?.label ?? '编号'}已存在`,
            decl.idField,
          );
        row[idCol] = key;
      }
      if (decl.ordered && !('sort' in row && Number(row.sort) > 0)) {
        const [{ top }] = await loose(tx)
          .selectFrom(m.table)
          .select((eb) => eb.fn.max('sort').as('top'))
          .execute();
        row.sort = num(top) + 1;
      }
      const inserted = await loose(tx)
        .insertInto(m.table)
        .values(row)
        .returning(idCol)
        .executeTakeFirstOrThrow();
      const id =
        m.id.generated || typeof inserted[idCol] === 'number'
          ? num(inserted[idCol])
          : String(inserted[idCol]);
      await m.afterWrite?.(tx, id, input);
      return id;
    },

    async update(tx, id, given, now) {
      await m.check?.(tx, given, id);
      const input = m.prepare ? await m.prepare(tx, given, id) : given;
      const row = toRow(input, now, false);
      const result = await loose(tx)
        .updateTable(m.table)
        .set(row)
        .where(idCol, '=', idValue(id))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await m.afterWrite?.(tx, id, input);
      return true;
    },

    async remove(tx, id) {
      const result = await loose(tx).deleteFrom(m.table).where(idCol, '=', idValue(id)).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) return false;
      await m.onRemove?.(tx, id);
      return true;
    },

    ...(decl.ordered
      ? {
          async reorder(tx: Db, ids: number[]) {
            for (const [i, id] of ids.entries()) {
              await loose(tx)
                .updateTable(m.table)
                .set({ sort: i + 1 })
                .where(idCol, '=', id)
                .execute();
            }
          },

          async move(tx: Db, id: number, position: number, filters: ListQuery['filters']) {
            const listed = await orderedIds(tx, filters);
            if (!listed.includes(id)) return false;
            const others = listed.filter((x) => x !== id);
            // The record now at that place of the filtered list; none: after the list's last one.
            const before = others[Math.min(position, others.length + 1) - 1];
            const after = others[others.length - 1];
            const all = (await orderedIds(tx, {})).filter((x) => x !== id);
            const at =
              before !== undefined ? all.indexOf(before) : after !== undefined ? all.indexOf(after) + 1 : 0;
            all.splice(at, 0, id);
            // Renumber the whole kind 1..n, writing only the rows whose place changes.
            const current = new Map(
              (await loose(tx).selectFrom(m.table).select([idCol, 'sort']).execute()).map((r) => [
                num(r[idCol]),
                num(r.sort),
              ]),
            );
            for (const [i, rowId] of all.entries()) {
              if (current.get(rowId) === i + 1) continue;
              await loose(tx)
                .updateTable(m.table)
                .set({ sort: i + 1 })
                .where(idCol, '=', rowId)
                .execute();
            }
            return true;
          },
        }
      : {}),
  };
}
