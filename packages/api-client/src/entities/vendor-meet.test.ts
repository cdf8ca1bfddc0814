import { describe, expect, expectTypeOf, it } from 'vitest';
import { ValidationError } from 'yup';
import { RESOURCES } from '../collections';
import { RESOURCE_LIMITS, text } from '../collections/fields';
import { declSchema } from '../collections/schema';
import type { VendorAsset, VendorMeet } from '../contract';
import { EDITED_UNSHOWN } from './common';
import { columnsFor, fieldNamed, fromRow } from './derive';
import type { EntityField, EntityRecord } from './field';
import { officeColumnNames, officeFields } from './office';
import { entitySchema } from './schema';
import { VENDOR_MEET_FIELDS, withAssetKinds, type VendorMeetData } from './vendor-meet';

/**
 * The vendor meet's record is read by the landing pages (/vendor, /vendor2025): pinned here as one
 * sample, in the order of vendor_meet's answer. Its declaration tries out the json field with a
 * shape: one JSON text the editors write, checked against its fields and read back as objects.
 */

type Kind = 'pdf' | 'video';
const report = {
  title: '选型指南',
  description: '十个步骤',
  thumb: '/r.svg',
  url: '/guide.pdf',
  kind: 'pdf' as Kind,
};
const clip = { title: '速览', description: '', thumb: '/v.svg', url: '/a.mp4', kind: 'video' as Kind };
const hero = { title: '选型中心', subtitle: '报告与演示', banner: '/h.svg', date: '长期开放', place: '线上' };
const meet = {
  id: 0,
  name: '企业管理软件选型中心',
  hero,
  reports: [report],
  carousels: [{ title: '产品演示', items: [clip] }],
};
/** The text as the seed writes it: no kinds, an item without a description. */
const seeded = {
  hero,
  reports: [{ title: report.title, description: report.description, thumb: report.thumb, url: report.url }],
  carousels: [{ title: '产品演示', items: [{ title: clip.title, thumb: clip.thumb, url: clip.url }] }],
};
const data = JSON.stringify(seeded);
const row = { id: 0, name: meet.name, data };
const read = (text: unknown) => withAssetKinds(fromRow(VENDOR_MEET_FIELDS, 'public', { ...row, data: text }));
const emptyHero = { title: '', subtitle: '', banner: '', date: '', place: '' };
const asset = (over: Partial<VendorAsset>) => ({ title: '', description: '', thumb: '', url: '', ...over });

/** The first message of the back office's rules (the collection's, as /admin/api checks) and the entity's. */
function messages(value: unknown): [string, string] {
  const record = { id: 3, title: '会', name: '会', data: value };
  const first = (validate: () => unknown) => {
    try {
      validate();
      return '';
    } catch (err) {
      if (err instanceof ValidationError) return err.message;
      throw err;
    }
  };
  return [
    first(() => declSchema(RESOURCES.meets, 'create').validateSync(record)),
    first(() => entitySchema(VENDOR_MEET_FIELDS, 'create', 'office').validateSync(record)),
  ];
}

describe("the vendor meet's record", () => {
  it('is the spec record, from entities/vendor-meet.ts', () => {
    expectTypeOf<VendorMeet>().toEqualTypeOf<typeof meet>();
    expectTypeOf<VendorAsset>().toEqualTypeOf<typeof report>();
    // The parts are keys of `data` (only the back office reads it): the repository selects it itself.
    expect(columnsFor(VENDOR_MEET_FIELDS, 'public')).toEqual(['id', 'name']);
    expect(columnsFor(VENDOR_MEET_FIELDS, 'office')).toEqual(['id', 'name', 'data']);
    const answer = read(data);
    expect(answer).toStrictEqual(meet);
    expect(JSON.stringify(answer)).toBe(JSON.stringify(meet));
  });

  it('is written as `data` (the seed): the kept fields of each part, any left out, never a kind', () => {
    type Stored = { title?: string; description?: string; thumb?: string; url?: string };
    expectTypeOf<VendorMeetData>().toEqualTypeOf<{
      hero?: { [K in keyof typeof hero]?: string };
      reports?: Stored[];
      carousels?: { title?: string; items?: Stored[] }[];
    }>();
    // The seed's text (an item without a description) is such an object.
    expectTypeOf(seeded).toExtend<VendorMeetData>();
  });

  it('is read by the back office as its name (`title`, its own name of the column) and the JSON text', () => {
    const record = { id: 0, title: meet.name, data };
    expect(fromRow(VENDOR_MEET_FIELDS, 'office', row)).toStrictEqual(record);
    expectTypeOf<EntityRecord<typeof VENDOR_MEET_FIELDS, 'office'>>().toEqualTypeOf<typeof record>();
  });

  it("gives the back office the collection's fields: the id set once, the name as `title`, the text", () => {
    const fields = officeFields(VENDOR_MEET_FIELDS);
    // The store writes the office's `title` to the `name` column.
    expect(officeColumnNames(VENDOR_MEET_FIELDS)).toEqual({ title: 'name' });
    expect(fields.map(({ fields: _shape, ...decl }) => decl)).toEqual([
      {
        name: 'id',
        label: '活动编号',
        type: 'number',
        min: 0,
        max: 100_000_000,
        required: true,
        createOnly: true,
        help: '0 为 /vendor，1 为 /vendor2025',
      },
      { name: 'title', label: '名称', type: 'text', required: true, max: 100 },
      { name: 'data', label: '页面内容（JSON）', type: 'json', max: RESOURCE_LIMITS.json, required: true },
    ]);
    // The shape rides along for the server's check; an asset's kind is worked out, never written.
    const shape = fields[2]!.fields!;
    expect(shape.map((f) => f.name)).toEqual(['hero', 'reports', 'carousels']);
    expect(shape[1]!.fields!.map((f) => f.name)).toEqual(['title', 'description', 'thumb', 'url']);
    expect(RESOURCES.meets.fields).toEqual(fields);
  });
});

describe('the json field with a shape round-trips', () => {
  it('an asset is a PDF or a video as its address says, else as its list says (a stored kind is ignored)', () => {
    const text = JSON.stringify({
      reports: [{ url: '/a.MP4?x=1' }, { url: '/b', kind: 'video' }],
      carousels: [
        { items: [{ url: '/c.pdf#p' }, { url: '/d.webm' }, { url: '/e.m3u8' }, { url: '/f.png' }] },
      ],
    });
    const answer = read(text);
    expect(answer.reports.map((a) => a.kind)).toEqual(['video', 'pdf']);
    expect(answer.carousels[0]!.items.map((a) => a.kind)).toEqual(['pdf', 'video', 'video', 'video']);
  });

  it('a corrupt text, a part of the wrong shape or a null entry reads as empty parts, never an error', () => {
    const empty = { ...meet, hero: emptyHero, reports: [], carousels: [] };
    for (const bad of [
      '{not json',
      '[]',
      '',
      'null',
      '"x"',
      null,
      '{"hero":"x","reports":{},"carousels":7}',
    ]) {
      expect(read(bad), String(bad)).toStrictEqual(empty);
    }
    const odd = read(
      '{"hero":{"title":"t","more":1},"reports":[null,7,{"title":"r"}],"carousels":[{"items":"x"}]}',
    );
    expect(odd.hero).toStrictEqual({ ...emptyHero, title: 't' });
    expect(odd.reports).toStrictEqual([
      asset({ kind: 'pdf' }),
      asset({ kind: 'pdf' }),
      asset({ title: 'r', kind: 'pdf' }),
    ]);
    expect(odd.carousels).toStrictEqual([{ title: '', items: [] }]);
  });

  it('bad text gets a Chinese message from both rule sets, with where the problem is', () => {
    expect(messages(data)).toEqual(['', '']);
    expect(messages('{}')).toEqual(['', '']);
    expect(messages('{"hero":{},"other":[1]}')).toEqual(['', '']);
    expect(messages('{bad')).toEqual(['页面内容（JSON）必须是 JSON 对象', '页面内容（JSON）格式不正确']);
    expect(messages('[1]')[1]).toBe('页面内容（JSON）格式不正确');
    expect(messages('')).toEqual(['请填写页面内容（JSON）', '页面内容（JSON）不能为空']);
    const tooLong = JSON.stringify({ hero: { title: 'x'.repeat(RESOURCE_LIMITS.json) } });
    expect(messages(tooLong)).toEqual([
      '页面内容（JSON）过长',
      `页面内容（JSON）不能超过${RESOURCE_LIMITS.json}个字符`,
    ]);
    const both = (text: string, message: string) => expect(messages(text), text).toEqual([message, message]);
    both('{"hero":"x"}', '页面内容（JSON）中 hero：页头格式不正确');
    both('{"hero":{"title":null}}', '页面内容（JSON）中 hero.title：标题格式不正确');
    both('{"hero":{"title":{}}}', '页面内容（JSON）中 hero.title：标题格式不正确');
    both('{"reports":{}}', '页面内容（JSON）中 reports：报告格式不正确');
    both('{"reports":[null]}', '页面内容（JSON）中 reports[0]：报告格式不正确');
    both(
      `{"reports":[{"title":"${'x'.repeat(101)}"}]}`,
      '页面内容（JSON）中 reports[0].title：标题不能超过100个字符',
    );
    both('{"carousels":[{"items":"x"}]}', '页面内容（JSON）中 carousels[0].items：资料格式不正确');
    both(
      '{"carousels":[{"items":[{"url":[]}]}]}',
      '页面内容（JSON）中 carousels[0].items[0].url：地址格式不正确',
    );
  });

  it('a field added to the shape is read, checked and shown to the back office', () => {
    const data = fieldNamed(VENDOR_MEET_FIELDS, 'data');
    const hero = fieldNamed(VENDOR_MEET_FIELDS, 'hero');
    const slogan = text('slogan', '口号', 20);
    const withSlogan = [
      { ...hero, fields: [...hero.fields, slogan] },
      { ...data, fields: [{ ...data.fields[0], fields: [...hero.fields, slogan] }] },
    ] as const satisfies readonly EntityField[];
    const stored = { data: JSON.stringify({ hero: { slogan: '选对软件' } }) };
    expect(fromRow(withSlogan, 'public', stored).hero).toStrictEqual({ ...emptyHero, slogan: '选对软件' });
    expect(fromRow(withSlogan, 'office', stored).data).toBe(stored.data);
    const rules = entitySchema(withSlogan, 'update', 'office');
    expect(() => rules.validateSync({ data: JSON.stringify({ hero: { slogan: 'x'.repeat(21) } }) })).toThrow(
      '页面内容（JSON）中 hero.slogan：口号不能超过20个字符',
    );
    expect(officeFields(withSlogan)[0]!.fields![0]!.fields!.map((f) => f.name)).toContain('slogan');
    // A json field without a shape stays plain text to everyone.
    const plain = { name: 'note', label: '备注', type: 'json', ...EDITED_UNSHOWN } as const;
    expect(fromRow([plain], 'office', { note: '{"a":1}' }).note).toBe('{"a":1}');
    expectTypeOf<EntityRecord<readonly [typeof plain], 'office'>['note']>().toEqualTypeOf<string>();
  });
});
