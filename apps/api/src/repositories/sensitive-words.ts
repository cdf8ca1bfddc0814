import {
  SENSITIVE_LEVELS,
  SENSITIVE_LIMITS,
  sensitiveWordProblem,
  type HitSource,
  type SensitiveHitView,
  type SensitiveImportReport,
  type SensitiveLevel,
} from '@portal/api-client/admin-resources';
import type { Paged } from '@portal/api-client/admin';
import { columnsFor } from '@portal/api-client/entities/derive';
import type { SensitiveHit } from '@portal/api-client/entities/sensitive-hit';
import { SENSITIVE_WORD_FIELDS } from '@portal/api-client/entities/sensitive-word';
import type { Insertable } from 'kysely';
import type { Db } from '../db';
import type { DB } from '../db/schema';
import { bumpVersion, readVersion } from './app-meta';
import type { DictEntry } from '../lib/moderation/matcher';
import { normalizedWord } from '../lib/moderation/normalize';
import { ResourceInputError, tableStore, type ResourceStore } from './resources/store';
import { writeTxDb } from './write-tx';

/**
 * The sensitive-word dictionary and its hits (issue 26). The dictionary has a version in
 * `app_meta`, raised in the transaction of every change: each process rebuilds its automaton when
 * the version it sees differs (plugins/moderation.ts), and the content-change announcement tells
 * it to look.
 */

const VERSION_KEY = 'sensitive_words_version';

export const dictionaryVersion = (database: Db): Promise<string> => readVersion(database, VERSION_KEY);

async function bumpDictionary(tx: Db): Promise<void> {
  await bumpVersion(tx, VERSION_KEY);
}

/** The answer to a level other than block, review or mask (the import's query and its lines). */
export const LEVEL_INVALID = '处理方式只能是 block、review 或 mask';

const isLevel = (v: unknown): v is SensitiveLevel => SENSITIVE_LEVELS.includes(v as SensitiveLevel);

/** Every word of the dictionary, read in pages of 10,000 rows. */
export async function loadDictionary(database: Db): Promise<DictEntry[]> {
  const out: DictEntry[] = [];
  let after = 0;
  for (;;) {
    const rows = await database.db
      .selectFrom('sensitive_words')
      .select(['id', 'word', 'level', 'replacement'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(10_000)
      .execute();
    for (const r of rows) {
      if (isLevel(r.level)) out.push({ id: r.id, word: r.word, level: r.level, replacement: r.replacement });
    }
    if (rows.length < 10_000) return out;
    after = rows[rows.length - 1]!.id;
  }
}

/** The word's matcher form, or a 400 for a word made only of spaces, punctuation and symbols. */
function normalizedOrRefuse(word: string): string {
  const normalized = normalizedWord(word);
  if (!normalized) throw new ResourceInputError(400, '敏感词只含空格、标点或符号，无法匹配', 'word');
  return normalized;
}

export const sensitiveWordsStore: ResourceStore = tableStore({
  kind: 'sensitive-words',
  table: 'sensitive_words',
  id: { column: 'id', generated: true },
  async check(tx, input, id) {
    const normalized = normalizedOrRefuse(String(input.word ?? ''));
    const row = await tx.db
      .selectFrom('sensitive_words')
      .select(['id', 'word'])
      .where('normalized', '=', normalized)
      .executeTakeFirst();
    if (row && row.id !== Number(id ?? 0))
      throw new ResourceInputError(409, `该敏感词已存在（${row.word}）`, 'word');
  },
  derive: (input, now, creating) => ({
    normalized: normalizedWord(String(input.word ?? '')),
    ...(creating ? { created_at: now } : {}),
  }),
  afterWrite: (tx) => bumpDictionary(tx),
  onRemove: (tx) => bumpDictionary(tx),
});

export const sensitiveHitsStore: ResourceStore = tableStore({
  kind: 'sensitive-hits',
  table: 'sensitive_hits',
  id: { column: 'id', generated: true },
  columns: { from: 'created_at' },
});

/**
 * Imports one word per line: `word`, or `word<TAB>level[<TAB>replacement[<TAB>note]]` (the export's
 * form); a line without a level gets `level`. A word already there (the same after
 * normalisation) is kept as it is; a bad line is refused with its number and why. Blank lines are
 * skipped. One transaction, inserts in batches.
 */
export async function importWords(
  database: Db,
  body: string,
  level: SensitiveLevel,
  now: number,
): Promise<SensitiveImportReport> {
  const report: SensitiveImportReport = { added: 0, kept: 0, refused: 0, errors: [] };
  const refuse = (line: number, word: string, message: string) => {
    report.refused++;
    if (report.errors.length < SENSITIVE_LIMITS.importErrors)
      report.errors.push({ line, word: word.slice(0, SENSITIVE_LIMITS.word), message });
  };
  const rows: Insertable<DB['sensitive_words']>[] = [];
  const seen = new Set<string>();
  const lines = body.split(/\r?\n/);
  for (const [i, raw] of lines.entries()) {
    if (raw.trim() === '') continue;
    const [wordCell = '', levelCell, replacement = '', note = ''] = raw.split('\t');
    const word = wordCell.trim();
    const problem = sensitiveWordProblem(word);
    if (problem) {
      refuse(i + 1, word, problem);
      continue;
    }
    const chosen = levelCell?.trim() || level;
    if (!isLevel(chosen)) {
      refuse(i + 1, word, LEVEL_INVALID);
      continue;
    }
    if (replacement.length > SENSITIVE_LIMITS.replacement || note.length > SENSITIVE_LIMITS.note) {
      refuse(i + 1, word, '替换文字或备注过长');
      continue;
    }
    if (sensitiveWordProblem(replacement.trim() || 'x') || sensitiveWordProblem(note.trim() || 'x')) {
      refuse(i + 1, word, '替换文字或备注不能包含控制字符');
      continue;
    }
    const normalized = normalizedWord(word);
    if (!normalized) {
      refuse(i + 1, word, '敏感词只含空格、标点或符号，无法匹配');
      continue;
    }
    if (seen.has(normalized)) {
      report.kept++;
      continue;
    }
    seen.add(normalized);
    rows.push({
      word,
      normalized,
      level: chosen,
      replacement: replacement.trim(),
      note: note.trim(),
      created_at: now,
    });
  }
  if (rows.length === 0) return report;
  await writeTxDb(database, async (tx) => {
    const existing = new Set<string>();
    let after = 0;
    for (;;) {
      const page = await tx.db
        .selectFrom('sensitive_words')
        .select(['id', 'normalized'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(10_000)
        .execute();
      for (const r of page) existing.add(r.normalized);
      if (page.length < 10_000) break;
      after = page[page.length - 1]!.id;
    }
    const fresh = rows.filter((r) => !existing.has(r.normalized));
    report.kept += rows.length - fresh.length;
    // 6 values a row: 2,000 rows stay below either database's parameter limit (32,766 / 65,535).
    for (let i = 0; i < fresh.length; i += 2000) {
      await tx.db
        .insertInto('sensitive_words')
        .values(fresh.slice(i, i + 2000))
        .execute();
    }
    report.added = fresh.length;
    if (fresh.length > 0) await bumpDictionary(tx);
  });
  return report;
}

/** The export's cells of an entry: its fields in declared order (word, level, replacement, note). */
const EXPORTED = columnsFor(SENSITIVE_WORD_FIELDS, 'office');

/** The dictionary in the import's line form, in pages (a generator: 100,000 words stream). */
export async function* exportWords(database: Db): AsyncGenerator<string> {
  const clean = (s: string) => s.replace(/[\t\r\n]/g, ' ');
  let after = 0;
  for (;;) {
    const rows = await database.db
      .selectFrom('sensitive_words')
      .select(['id', ...EXPORTED])
      .where('id', '>', after)
      .orderBy('id')
      .limit(5000)
      .execute();
    if (rows.length === 0) return;
    yield rows
      .map((r) => {
        const cells = EXPORTED.map((column) => clean(r[column]));
        while (cells.length > 2 && cells[cells.length - 1] === '') cells.pop();
        return `${cells.join('\t')}\n`;
      })
      .join('');
    after = rows[rows.length - 1]!.id;
  }
}

/** A hit as the server files it (entities/sensitive-hit.ts); its time is the write's. */
export type HitRow = Omit<SensitiveHit, 'created_at'>;

/** Records hits (at most 100 a write: one per word and field is kept by the caller). */
export async function recordHits(database: Db, rows: readonly HitRow[], now: number): Promise<void> {
  if (rows.length === 0) return;
  await database.db
    .insertInto('sensitive_hits')
    .values(rows.slice(0, 100).map((r) => ({ ...r, created_at: now })))
    .execute();
}

/** The recorded hits of some records of one source. */
async function hitsOfRecords(
  database: Db,
  source: HitSource,
  recordIds: readonly string[],
): Promise<Map<string, SensitiveHitView[]>> {
  const out = new Map<string, SensitiveHitView[]>();
  if (recordIds.length === 0) return out;
  const rows = await database.db
    .selectFrom('sensitive_hits')
    .select(['created_at', 'source', 'record_id', 'field', 'word', 'level', 'action', 'matched', 'context'])
    .where('source', '=', source)
    .where('record_id', 'in', [...recordIds])
    .orderBy('id', 'desc')
    .limit(1000)
    .execute();
  // The newest save of each record only: an edit that removed a word no longer shows it.
  const newest = new Map<string, number>();
  for (const r of rows) {
    const at = newest.get(r.record_id) ?? Number(r.created_at);
    newest.set(r.record_id, at);
    if (Number(r.created_at) !== at || !isLevel(r.level)) continue;
    const list = out.get(r.record_id) ?? [];
    const marked = `【${r.matched}】`;
    const cut = r.context.indexOf(marked);
    list.unshift({
      field: r.field,
      word: r.word,
      level: r.level,
      matched: r.matched,
      before: cut < 0 ? '' : r.context.slice(0, cut),
      after: cut < 0 ? '' : r.context.slice(cut + marked.length),
    });
    out.set(r.record_id, list);
  }
  return out;
}

/**
 * A review queue's page with the words found when each item was last saved, highlighted for the
 * reviewer (`idOf`: the item's record id in the hits of `source`).
 */
export async function withHits<T>(
  database: Db,
  source: HitSource,
  page: Paged<T>,
  idOf: (item: T) => number,
): Promise<Paged<T & { hits: SensitiveHitView[] }>> {
  const hits = await hitsOfRecords(
    database,
    source,
    page.items.map((item) => String(idOf(item))),
  );
  return {
    ...page,
    items: page.items.map((item) => ({ ...item, hits: hits.get(String(idOf(item))) ?? [] })),
  };
}
