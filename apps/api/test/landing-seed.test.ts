import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VENDOR_2025_MEET_ID } from '@portal/api-client/constants';
import type {
  DynamicForm,
  FormField,
  PartnerBase,
  PartnerProduct,
  PlaceOption,
  VendorMeet,
} from '@portal/api-client/contract';
import { startTestApp, type TestApp } from './helpers';
import { PARTNER_CALLS } from './landing-fixtures';

/**
 * The landing calls against the demo seed: the seed's vendor meet JSON, partner rows and form
 * definitions are what the landing pages read, so the two must agree (SQLite; the seed is the same
 * on PostgreSQL and landing.test.ts covers both dialects).
 */
describe('landing calls on the demo content', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', undefined, { seed: true });
  }, 120_000);
  afterAll(async () => t?.close());

  it('vendor meets 0 and 1 have a hero, PDF reports and video carousels', async () => {
    for (const meet_id of [0, VENDOR_2025_MEET_ID]) {
      const res = await t.call<VendorMeet>('vendor_meet', { meet_id });
      expect(res.code).toBe(0);
      expect(res.data.id).toBe(meet_id);
      expect(res.data.name).not.toBe('');
      expect(res.data.hero.title).not.toBe('');
      expect(res.data.reports.length).toBeGreaterThan(0);
      expect(res.data.reports.every((r) => r.kind === 'pdf' && r.url.endsWith('.pdf'))).toBe(true);
      expect(
        res.data.carousels.flatMap((c) => c.items).every((i) => i.kind === 'video' && i.url !== ''),
      ).toBe(true);
    }
  });

  it('partners demo1 and demo2 have different data in every list', async () => {
    const slogans = new Set<string>();
    for (const mark of ['demo1', 'demo2']) {
      const base = await t.call<PartnerBase>('partner_base', { mark });
      expect(base.code).toBe(0);
      slogans.add(base.data.slogan);
      for (const name of PARTNER_CALLS.filter((c) => c !== 'partner_base')) {
        const list = await t.call<PartnerProduct[]>(name, { mark });
        expect(list.data.length, `${mark} ${name}`).toBeGreaterThan(0);
      }
    }
    expect(slogans.size).toBe(2);
  });

  it('activity 1 is open with every field type and privacy; activity 2 is closed', async () => {
    const open = await t.call<DynamicForm>('getForm', { activity_id: 1 });
    expect(open.data).toMatchObject({ is_submit: true, is_privacy: true });
    const types = new Set(open.data.form.filter((f) => f.is_show === 1).map((f) => f.type));
    expect([...types].sort()).toEqual(['checkbox', 'city', 'input', 'multi', 'province', 'radio', 'select']);
    expect((await t.call<DynamicForm>('getForm', { activity_id: 2 })).data.is_submit).toBe(false);
  });

  it('a submission built from the seeded form and places is accepted and stored', async () => {
    const form = (await t.call<DynamicForm>('getForm', { activity_id: 1 })).data.form.filter(
      (f) => f.is_show === 1,
    );
    const provinces = (await t.call<PlaceOption[]>('get_province')).data;
    const cities = (await t.call<PlaceOption[]>('get_city', { title: provinces[0].label })).data;
    const value = (f: FormField): unknown => {
      if (f.type === 'province') return provinces[0].label;
      if (f.type === 'city') return cities[0].label;
      if (f.type === 'checkbox' || f.type === 'multi') return [f.options[0].id];
      if (f.type === 'select' || f.type === 'radio') return f.options[0].id;
      if (/邮箱/.test(f.label)) return 'seed@example.com';
      if (/手机/.test(f.label)) return '13800138000';
      return `${f.label}内容`;
    };
    const content = Object.fromEntries(form.map((f) => [f.field_name, value(f)]));
    const res = await t.call('form_register', {
      activity_id: 1,
      source: 'seed',
      content: JSON.stringify(content),
      other: '{}',
      privacy: true,
    });
    expect(res).toMatchObject({ code: 0, msg: '提交成功' });
    const stored = await t.app.database.db
      .selectFrom('form_submissions')
      .selectAll()
      .where('source', '=', 'seed')
      .execute();
    expect(stored).toHaveLength(1);
    expect(JSON.parse(stored[0].content)).toEqual(content);
  });
});
