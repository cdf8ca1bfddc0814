import { describe, expect, it } from 'vitest';
import type { AnySchema } from 'yup';
import { payloadSchemas } from './payloads';

type Fields = Record<string, unknown>;

/** Every paged call: the spec's client sends '' for filters and paging the reader left unset. */
const pagedCalls = Object.entries(payloadSchemas)
  .filter(([, schema]) => 'pageSize' in schema.fields || 'pageseze' in schema.fields)
  .map(([name, schema]) => [name, schema as AnySchema] as const);

describe("payload schemas: '' means not set", () => {
  it.each(pagedCalls)('%s takes its paging defaults for empty strings', (_name, schema) => {
    const blank = schema.cast(
      { page: '', pageSize: '', pageseze: '' },
      { stripUnknown: true, assert: false },
    ) as Fields;
    const defaults = schema.getDefault() as Fields;
    expect(blank.page).toBe(1);
    expect(blank.pageSize ?? blank.pageseze).toBe(defaults.pageSize ?? defaults.pageseze);
  });

  it('meet_index ignores blank year and month and still rejects words', () => {
    const schema = payloadSchemas.meet_index;
    const payload = schema.validateSync({ year: '', month: ' ', city: '', title: '' }) as Fields;
    expect(payload.year).toBeUndefined();
    expect(payload.month).toBeUndefined();
    expect(() => schema.validateSync({ month: 'soon' })).toThrow('月份必须是数字');
  });

  it('a required id left blank reports it missing, not a type error', () => {
    expect(() => payloadSchemas.doc_detail.validateSync({ id: '' })).toThrow('白皮书不能为空');
  });
});
