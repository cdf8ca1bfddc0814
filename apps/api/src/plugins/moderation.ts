import fp from 'fastify-plugin';
import {
  HIT_LIMITS,
  type HitAction,
  type HitSource,
  type SensitiveHitView,
  type SensitiveLevel,
} from '@portal/api-client/admin-resources';
import { ErrorCode } from '@portal/api-client/codes';
import { sensitiveWordsMsg } from '@portal/api-client/messages';
import { ApiError } from '../lib/envelope';
import { replaceHtmlRuns, textOfHtml } from '../lib/moderation/html';
import { applyRuns, buildMatcher, maskRuns, type Hit, type Matcher } from '../lib/moderation/matcher';
import { dictionaryVersion, loadDictionary, recordHits, type HitRow } from '../repositories/sensitive-words';

/**
 * Sensitive-word moderation of what members and visitors write (issue 26). Each process holds one
 * matcher built from the dictionary; it is rebuilt when the dictionary's version changes, which
 * every process checks on each content-change announcement (Redis at once, the polled database
 * version within a second), so a back-office change applies everywhere within 2 s.
 *
 * `screen` is the one entry for a write: a `block` hit records the hits and refuses the write
 * (code SensitiveWords, the words named); otherwise it answers the texts to store (`mask` hits
 * replaced), whether a reviewer must look (`review` hits), and `record(id)` to file the hits
 * against the written record.
 */

export interface ScreenField {
  /** The field's name as the hit list shows it (title, content, question[1].answer…). */
  name: string;
  text: string;
  /** Stored HTML: its text is checked and masked, never its markup. */
  html?: boolean;
}

export interface ScreenInput {
  source: HitSource;
  /** Who wrote it: member:<id>, visitor:<address>. */
  actor: string;
  fields: readonly ScreenField[];
}

export interface Screened {
  /** Each field's text to store, by name: masked where a `mask` word hit it. */
  values: Record<string, string>;
  /** A `review` word was hit: hold the record for a reviewer. */
  held: boolean;
  hits: SensitiveHitView[];
  /** Files the hits against the written record (call after the write). */
  record(recordId: string | number): Promise<void>;
}

export interface Moderation {
  /** Checks a write; throws ApiError(SensitiveWords) on a `block` word (after recording it). */
  screen(input: ScreenInput): Promise<Screened>;
  /** The hits of some texts, recorded nowhere: the back-office editor's warnings. */
  inspect(fields: readonly ScreenField[]): Promise<SensitiveHitView[]>;
  /** Rebuilds the matcher when the dictionary changed (the content-change listener calls it). */
  refresh(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    moderation: Moderation;
  }
}

const CONTEXT = 15;
/** Words named in a refusal. */
const NAMED = 5;

const ACTION: Record<SensitiveLevel, HitAction> = { block: 'blocked', review: 'held', mask: 'masked' };

interface FieldHits {
  field: ScreenField;
  text: string;
  hits: Hit[];
}

function views(found: readonly FieldHits[]): SensitiveHitView[] {
  const out: SensitiveHitView[] = [];
  for (const { field, text, hits } of found) {
    const seen = new Set<number>();
    for (const h of hits) {
      if (seen.has(h.entry.id)) continue;
      seen.add(h.entry.id);
      out.push({
        field: field.name,
        word: h.entry.word,
        level: h.entry.level,
        matched: text.slice(h.start, h.end),
        before: text.slice(Math.max(0, h.start - CONTEXT), h.start),
        after: text.slice(h.end, h.end + CONTEXT),
      });
      if (out.length >= 100) return out;
    }
  }
  return out;
}

export default fp(
  async (app) => {
    let matcher: Matcher = buildMatcher([]);
    let version: string | null = null;
    let pending: Promise<void> | null = null;

    const rebuild = async () => {
      const seen = await dictionaryVersion(app.database);
      if (seen === version) return;
      const entries = await loadDictionary(app.database);
      matcher = buildMatcher(entries);
      version = seen;
      app.log.info({ words: matcher.size }, 'sensitive-word dictionary loaded');
    };
    const refresh = () => {
      // One rebuild at a time; a change announced during one is looked at after it.
      const run: Promise<void> = (pending ?? Promise.resolve())
        .then(rebuild)
        .catch((err: unknown) => app.log.warn({ err }, 'sensitive-word dictionary not reloaded'))
        .finally(() => {
          if (pending === run) pending = null;
        });
      pending = run;
      return run;
    };
    await rebuild();
    app.contentChanges.onChange(() => void refresh());

    const findAll = async (fields: readonly ScreenField[]): Promise<FieldHits[]> => {
      if (pending) await pending;
      const m = matcher;
      return fields.map((field) => {
        const text = field.html ? textOfHtml(field.text).text : field.text;
        return { field, text, hits: m.size === 0 ? [] : m.find(text) };
      });
    };

    const rows = (
      input: ScreenInput,
      found: readonly FieldHits[],
      recordId: string,
      only?: SensitiveLevel,
    ): HitRow[] =>
      views(found)
        .filter((v) => !only || v.level === only)
        .map((v) => ({
          actor: input.actor.slice(0, HIT_LIMITS.actor),
          source: input.source,
          record_id: recordId.slice(0, HIT_LIMITS.record_id),
          field: v.field.slice(0, HIT_LIMITS.field),
          word: v.word,
          level: v.level,
          action: ACTION[v.level],
          matched: v.matched.slice(0, HIT_LIMITS.matched),
          context: `${v.before}【${v.matched}】${v.after}`.slice(0, HIT_LIMITS.context),
        }));

    app.decorate<Moderation>('moderation', {
      async screen(input) {
        const found = await findAll(input.fields);
        const blocked = found.flatMap((f) =>
          f.hits.filter((h) => h.entry.level === 'block').map((h) => ({ f, h })),
        );
        if (blocked.length > 0) {
          await recordHits(app.database, rows(input, found, '', 'block'), Date.now());
          const named = [...new Set(blocked.map(({ f, h }) => f.text.slice(h.start, h.end).slice(0, 20)))];
          throw new ApiError(ErrorCode.SensitiveWords, sensitiveWordsMsg(named.slice(0, NAMED)));
        }
        const values: Record<string, string> = {};
        for (const { field, text, hits } of found) {
          const runs = maskRuns(text, hits);
          values[field.name] =
            runs.length === 0
              ? field.text
              : field.html
                ? replaceHtmlRuns(field.text, textOfHtml(field.text), runs)
                : applyRuns(text, runs);
        }
        const hits = views(found);
        return {
          values,
          held: hits.some((h) => h.level === 'review'),
          hits,
          record: (recordId) => recordHits(app.database, rows(input, found, String(recordId)), Date.now()),
        };
      },
      async inspect(fields) {
        return views(await findAll(fields));
      },
      refresh,
    });
  },
  { name: 'moderation', dependencies: ['db', 'content-changes'] },
);
