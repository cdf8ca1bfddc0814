import { describe, expect, expectTypeOf, it } from 'vitest';
import { RESOURCES } from '../collections';
import { declSchema } from '../collections/schema';
import { text } from '../collections/fields';
import type { PartnerActivity, PartnerBase, PartnerKnowledge, PartnerProduct } from '../contract';
import { EDITED } from './common';
import { columnsFor, fieldNamed, fieldsNamed, fromRow, packColumns } from './derive';
import type { EntityField, EntityRecord } from './field';
import { officeFields } from './office';
import { PARTNER_FIELDS, PARTNER_ITEM_FIELDS, PARTNER_LIST_FIELDS, type PartnerList } from './partner';
import { entitySchema } from './schema';

/**
 * The partner page's records are fixed by the spec (partner_base and the six list calls, section
 * 9) and read by the landing app: pinned here as samples, in the order of the API's answers. The
 * items' answers name two columns otherwise (`subTitle` for `sub_title`, `btnText` for
 * `btn_text`: the `wire` word), and each list answers its own projection of one item row.
 */

const base = {
  slogan: '数据有归处',
  num: '8600+',
  banner: '/uploads/p/banner.svg',
  adv: '/uploads/p/adv.svg',
  des: '海纳存储提供全闪存阵列',
  qrocde: [{ img: '/uploads/p/qr.svg', name1: '关注公众号', name2: '获取资讯' }],
};
const row = {
  list: 'activity' as const,
  title: '伙伴技术培训营',
  sub_title: '三天',
  thumb: '/act.svg',
  url: '/activity/register?id=1',
  btn_text: '立即报名',
};
const product = { thumb: row.thumb, title: row.title, subTitle: row.sub_title, url: row.url };
const activity = { thumb: row.thumb, title: row.title, url: row.url, btnText: row.btn_text };
const knowledge = { title: row.title, subTitle: row.sub_title, url: row.url };

describe("the partner page's records", () => {
  it('partner_base is the spec record, read from the keys of the `base` column', () => {
    expectTypeOf<PartnerBase>().toEqualTypeOf<typeof base>();
    const read = fromRow(PARTNER_FIELDS, 'public', { mark: 'demo1', base: JSON.stringify(base) });
    expect(read).toStrictEqual(base);
    expect(Object.keys(read)).toEqual(Object.keys(base));
    // Only packed keys: the repository selects the JSON column itself.
    expect(columnsFor(PARTNER_FIELDS, 'public')).toEqual([]);
    // A corrupt column or a QR code short of keys: empty texts, keys in the contract's order.
    expect(fromRow(PARTNER_FIELDS, 'public', { base: '{not json' })).toStrictEqual({
      slogan: '',
      num: '',
      banner: '',
      adv: '',
      des: '',
      qrocde: [],
    });
    const odd = JSON.stringify({ qrocde: [{ name2: 'b', img: '/i' }] });
    expect(JSON.stringify(fromRow(PARTNER_FIELDS, 'public', { base: odd }).qrocde)).toBe(
      '[{"img":"/i","name1":"","name2":"b"}]',
    );
  });

  it.each([
    ['new', product],
    ['recommend', product],
    ['video', product],
    ['product', product],
    ['know', knowledge],
    ['activity', activity],
  ] as const)('partner_%s answers its projection of an item row, by the wire names', (list, record) => {
    const fields = PARTNER_LIST_FIELDS[list];
    const read = fromRow(fields, 'public', row);
    expect(read).toStrictEqual(record);
    expect(Object.keys(read)).toEqual(Object.keys(record));
    // The repository selects the columns, by their own names.
    expect(columnsFor(fields, 'public')).toEqual(
      Object.keys(record).map((k) => ({ subTitle: 'sub_title', btnText: 'btn_text' })[k] ?? k),
    );
  });

  it('the contract types are the projections', () => {
    expectTypeOf<PartnerProduct>().toEqualTypeOf<typeof product>();
    expectTypeOf<PartnerActivity>().toEqualTypeOf<typeof activity>();
    expectTypeOf<PartnerKnowledge>().toEqualTypeOf<typeof knowledge>();
  });

  it('the back office reads and writes the columns by their own names', () => {
    expect(fromRow(PARTNER_ITEM_FIELDS, 'office', row)).toStrictEqual(row);
    expectTypeOf<EntityRecord<typeof PARTNER_ITEM_FIELDS, 'office'>>().toEqualTypeOf<{
      list: PartnerList;
      title: string;
      sub_title: string;
      thumb: string;
      url: string;
      btn_text: string;
    }>();
    const office = officeFields(PARTNER_FIELDS);
    expect(office.map((f) => f.name)).toEqual([
      'mark',
      'slogan',
      'num',
      'banner',
      'adv',
      'des',
      'qrocde',
      'items',
    ]);
    expect(office[0]).toMatchObject({ name: 'mark', required: true, max: 40, createOnly: true });
    const items = office.find((f) => f.name === 'items');
    expect(items?.fields).toEqual([
      {
        name: 'list',
        label: '栏目',
        type: 'select',
        options: fieldNamed(PARTNER_ITEM_FIELDS, 'list').options,
        required: true,
      },
      { name: 'title', label: '标题', type: 'text', required: true, max: 100 },
      { name: 'sub_title', label: '副标题', type: 'text', required: false, max: 200 },
      { name: 'thumb', label: '图片', type: 'image', required: false, max: 500 },
      {
        name: 'url',
        label: '链接',
        type: 'text',
        required: true,
        max: 500,
        help: '站内路径（/开头）或 http(s) 地址',
      },
      { name: 'btn_text', label: '按钮文字', type: 'text', required: false, max: 20 },
    ]);
    // The office's declaration keeps no entity-only key (wire, packed, stored) anywhere.
    expect(JSON.stringify(office)).not.toMatch(/"wire"|"packed"|"stored"|"read"/);
  });

  it('the page is written into `base` in the contract order, QR codes field by field', () => {
    const sent = {
      des: base.des,
      slogan: base.slogan,
      num: base.num,
      banner: base.banner,
      adv: base.adv,
      qrocde: [{ name2: '获取资讯', name1: '关注公众号', img: '/uploads/p/qr.svg' }],
    };
    expect(packColumns(PARTNER_FIELDS, sent)).toEqual({ base: JSON.stringify(base) });
    expect(packColumns(PARTNER_FIELDS, { slogan: 'S' })).toEqual({
      base: '{"slogan":"S","num":"","banner":"","adv":"","des":"","qrocde":[]}',
    });
  });
});

describe('a field added to a copy of the declaration', () => {
  const TAG_LINE = {
    ...text('tag_line', '标签', 20),
    wire: 'tagLine',
    ...EDITED,
  } as const satisfies EntityField;
  const ITEMS = [...PARTNER_ITEM_FIELDS, TAG_LINE] as const;
  const PRODUCT = fieldsNamed(ITEMS, ['thumb', 'title', 'sub_title', 'url', 'tag_line']);
  const HOTLINE = {
    ...text('hotline', '热线', 20),
    packed: { in: 'base', key: 'hotline' },
    ...EDITED,
  } as const satisfies EntityField;
  const PAGE = [...PARTNER_FIELDS, HOTLINE] as const;

  it('an item field reaches the record by its wire name, the columns and the back office by its own', () => {
    type WithTagLine = {
      [K in keyof PartnerProduct | 'tagLine']: K extends keyof PartnerProduct ? PartnerProduct[K] : string;
    };
    expectTypeOf<EntityRecord<typeof PRODUCT, 'public'>>().toEqualTypeOf<WithTagLine>();
    expect(columnsFor(PRODUCT, 'public')).toEqual(['thumb', 'title', 'sub_title', 'url', 'tag_line']);
    expect(fromRow(PRODUCT, 'public', { ...row, tag_line: '新' }).tagLine).toBe('新');
    const list = fieldNamed(PARTNER_FIELDS, 'items');
    const office = officeFields([{ ...list, fields: ITEMS }])[0]!;
    expect(office.fields?.at(-1)).toEqual({
      name: 'tag_line',
      label: '标签',
      type: 'text',
      required: false,
      max: 20,
    });
    expect(Object.keys(entitySchema(ITEMS, 'update', 'office').fields)).toContain('tag_line');
  });

  it('a page field reaches partner_base, the `base` JSON and the back office', () => {
    type WithHotline = {
      [K in keyof PartnerBase | 'hotline']: K extends keyof PartnerBase ? PartnerBase[K] : string;
    };
    expectTypeOf<EntityRecord<typeof PAGE, 'public'>>().toEqualTypeOf<WithHotline>();
    const packed = packColumns(PAGE, { ...base, hotline: '400-800' });
    expect(JSON.parse(packed.base!)).toMatchObject({ hotline: '400-800' });
    expect(fromRow(PAGE, 'public', packed).hotline).toBe('400-800');
    const office = officeFields(PAGE);
    expect(office.map((f) => f.name)).toContain('hotline');
    expect(declSchema({ ...RESOURCES.partners, fields: office }, 'create').fields).toHaveProperty('hotline');
    expect(officeFields(PARTNER_FIELDS).map((f) => f.name)).not.toContain('hotline');
  });
});
