import { describe, expect, it } from 'vitest';
import type { DynamicForm, Job, PartnerBase, VendorMeet } from '@portal/api-client/contract';
import { DIALECTS } from './helpers';
import { resourceDesk } from './resource-desk';

describe.each(DIALECTS)('admin resources on %s', (dialect) => {
  const { t, admin, call, create, publicData } = resourceDesk(dialect);

  describe('changes reach the public calls', () => {
    it('form: a changed field shows on getForm; old answers keep their own labels in the export', async () => {
      const options = [
        { title: '经理', is_input: false, is_mark: false },
        { title: '其他', is_input: true, is_mark: true },
      ];
      const form = await create('forms', {
        activity_id: 4242,
        title: '渠道大会报名',
        is_privacy: false,
        form: [
          { field_name: 'name', label: '姓名', type: 'input', is_require: true, is_show: true, options: [] },
          { field_name: 'job', label: '职务', type: 'radio', is_require: true, is_show: true, options },
        ],
      });
      const served = await publicData<DynamicForm>('getForm', { activity_id: form.id });
      expect(served.form.map((f) => f.label)).toEqual(['姓名', '职务']);
      expect(served.form[1]!.options).toEqual([
        { id: 1, title: '经理', is_input: 0, is_mark: 0 },
        { id: 2, title: '其他', is_input: 1, is_mark: 1 },
      ]);
      const submit = await t.call('form_register', {
        activity_id: form.id,
        content: JSON.stringify({ name: '王五', job: 1 }),
        other: '{}',
      });
      expect(submit.code, JSON.stringify(submit)).toBe(0);
      // The editor drops the job question and reverses nothing else.
      const put = await call(admin(), 'PUT', `/forms/${form.id}`, {
        title: '渠道大会报名',
        is_privacy: false,
        form: [
          {
            field_name: 'name',
            label: '您的姓名',
            type: 'input',
            is_require: true,
            is_show: true,
            options: [],
          },
        ],
      });
      expect(put.statusCode, put.body).toBe(200);
      expect(
        (await publicData<DynamicForm>('getForm', { activity_id: form.id })).form.map((f) => f.label),
      ).toEqual(['您的姓名']);
      const leads = await call(admin(), 'GET', `/leads?source=activity&id=${form.id}`);
      expect(leads.statusCode, leads.body).toBe(200);
      const page = leads.json() as {
        columns: { key: string; label: string }[];
        items: { values: Record<string, string> }[];
      };
      expect(page.columns.map((c) => c.label)).toEqual(expect.arrayContaining(['您的姓名', '职务']));
      expect(page.items[0]!.values['f:job']).toBe('经理');
      const bad = await call(admin(), 'PUT', `/forms/${form.id}`, {
        title: 'x',
        form: [{ field_name: '1bad', label: 'x', type: 'input' }],
      });
      expect(bad.statusCode).toBe(400);
      expect((bad.json() as { field: string }).field).toBe('form[0].field_name');
    });

    it('form: option ids stay when options are reordered, deleted and added; exports keep their labels', async () => {
      const opt = (title: string, id?: number) => ({
        ...(id !== undefined ? { id } : {}),
        title,
        is_input: false,
        is_mark: false,
      });
      const field = (options: ReturnType<typeof opt>[]) => ({
        field_name: 'size',
        label: '公司规模',
        type: 'radio',
        is_require: true,
        is_show: true,
        options,
      });
      const form = await create('forms', {
        activity_id: 4343,
        title: '规模调查',
        is_privacy: false,
        form: [field([opt('小型'), opt('中型'), opt('大型')])],
      });
      const optionsOf = async () =>
        (await publicData<DynamicForm>('getForm', { activity_id: form.id })).form[0]!.options.map((o) => [
          o.id,
          o.title,
        ]);
      expect(await optionsOf()).toEqual([
        [1, '小型'],
        [2, '中型'],
        [3, '大型'],
      ]);
      // One answer through the landing form, one as older rows were stored (without a copy of the form).
      const submit = await t.call('form_register', {
        activity_id: form.id,
        content: JSON.stringify({ size: 2 }),
        other: '{}',
      });
      expect(submit.code, JSON.stringify(submit)).toBe(0);
      await t.app.database.db
        .insertInto('form_submissions')
        .values({
          activity_id: Number(form.id),
          source: 'old',
          content: JSON.stringify({ size: 3 }),
          other: '{}',
          created_at: Date.now(),
        })
        .execute();
      // The editor puts 大型 first, deletes 中型 and adds 超大型: the admin form sends back the ids it read.
      const read = (await call(admin(), 'GET', `/forms/${form.id}`)).json() as {
        form: { options: { id: number; title: string }[] }[];
      };
      const [small, , large] = read.form[0]!.options;
      const put = await call(admin(), 'PUT', `/forms/${form.id}`, {
        title: '规模调查',
        is_privacy: false,
        form: [field([opt('大型', large!.id), opt('小型', small!.id), opt('超大型', 0)])],
      });
      expect(put.statusCode, put.body).toBe(200);
      // The new option gets a fresh id, never the deleted 中型's 2.
      expect(await optionsOf()).toEqual([
        [3, '大型'],
        [1, '小型'],
        [4, '超大型'],
      ]);
      const after = await t.call('form_register', {
        activity_id: form.id,
        content: JSON.stringify({ size: 4 }),
        other: '{}',
      });
      expect(after.code, JSON.stringify(after)).toBe(0);
      const csv = await call(admin(), 'GET', `/leads.csv?source=activity&id=${form.id}`);
      expect(csv.statusCode, csv.body).toBe(200);
      const lines = csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      expect(lines[0]).toContain('公司规模');
      const answers = lines.slice(1).map((l) => l.split(',')[0]);
      expect(answers).toEqual(['中型', '大型', '超大型']);
      const leads = (await call(admin(), 'GET', `/leads?source=activity&id=${form.id}`)).json() as {
        items: { values: Record<string, string> }[];
      };
      expect(leads.items.map((i) => i.values['f:size'])).toEqual(['超大型', '大型', '中型']);
    });

    it('form: the privacy terms packed into one column; bad flags, lists and entries refused with their field', async () => {
      const form = await create('forms', {
        privacy_title: '授权协议',
        privacy_content: '<p>同意<script>x</script></p>',
      });
      const served = await publicData<DynamicForm>('getForm', { activity_id: form.id });
      expect(JSON.parse(served.privacy)).toEqual({ title: '授权协议', content: '<p>同意</p>' });
      expect(served.form[0]).toMatchObject({ is_require: 1, is_show: 1 });
      const detail = (await call(admin(), 'GET', `/forms/${form.id}`)).json() as Record<string, unknown>;
      expect(detail).toMatchObject({ privacy_title: '授权协议', privacy_content: '<p>同意</p>' });
      expect(detail).not.toHaveProperty('privacy');

      const question = { field_name: 'a', label: 'A', type: 'input', options: [] };
      for (const [body, field, message] of [
        [{ is_submit: 'maybe' }, 'is_submit', '开放报名必须是 true 或 false'],
        [{ form: 'abc' }, 'form', '表单字段不正确'],
        [{ form: Array.from({ length: 51 }, () => question) }, 'form', '表单字段最多 50 项'],
        [{ form: [{ ...question, is_show: 'x' }] }, 'form[0].is_show', '显示必须是 true 或 false'],
        [{ form: [{ ...question, type: 'weird' }] }, 'form[0].type', '类型不正确'],
      ] as const) {
        const bad = await call(admin(), 'PUT', `/forms/${form.id}`, { title: 'x', ...body });
        expect(bad.statusCode, bad.body).toBe(400);
        expect(bad.json()).toMatchObject({ field, message });
      }

      // A definition that is not a list (written by hand) reads as no questions, in both places.
      await t.app.database.db
        .updateTable('activity_forms')
        .set({ form: '{"a":1}' })
        .where('activity_id', '=', Number(form.id))
        .execute();
      expect((await publicData<DynamicForm>('getForm', { activity_id: form.id })).form).toEqual([]);
      const read = await call(admin(), 'GET', `/forms/${form.id}`);
      expect(read.statusCode, read.body).toBe(200);
      expect((read.json() as { form: unknown[] }).form).toEqual([]);
    });

    it('partner page: the title (slogan) and items', async () => {
      const p = await create('partners', { mark: 'acme', slogan: '初版标题' });
      const put = await call(admin(), 'PUT', `/partners/${p.id}`, {
        slogan: '新的合作伙伴标题',
        des: '介绍',
        items: [{ list: 'new', title: '最新动态一', url: '/n/1' }],
      });
      expect(put.statusCode, put.body).toBe(200);
      expect((await publicData<PartnerBase>('partner_base', { mark: 'acme' })).slogan).toBe(
        '新的合作伙伴标题',
      );
      expect(
        (await publicData<{ title: string }[]>('partner_new', { mark: 'acme' })).map((x) => x.title),
      ).toEqual(['最新动态一']);
      expect((await call(admin(), 'POST', '/partners', { mark: 'bad mark!', slogan: 'x' })).statusCode).toBe(
        400,
      );
    });

    it('jobs: get_jobs follows the back office, in order, published only', async () => {
      const a = await create('jobs', { title: '前端工程师' });
      const b = await create('jobs', { title: '数据分析师' });
      await create('jobs', { title: '未发布职位', enabled: false });
      await call(admin(), 'POST', '/jobs/order', { ids: [b.id, a.id] });
      const titles = (await publicData<Job[]>('get_jobs')).map((j) => j.title);
      expect(titles).not.toContain('未发布职位');
      expect(titles.indexOf('数据分析师')).toBeLessThan(titles.indexOf('前端工程师'));
    });

    it("vendor meet: the page's JSON text reaches vendor_meet; a text of the wrong shape is refused saying where", async () => {
      const data = JSON.stringify({
        hero: { title: '选型大会', place: '上海' },
        reports: [{ title: '指南', url: '/uploads/g.pdf' }, null],
      });
      const refused = await call(admin(), 'POST', '/meets', { id: 8100, title: '选型会', data });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toEqual({
        message: '页面内容（JSON）中 reports[1]：报告格式不正确',
        field: 'data',
      });
      const fixed = data.replace(',null', '');
      const meet = await create('meets', { id: 8100, title: '选型会', data: fixed });
      // The back office keeps the text as written.
      expect(meet.data).toBe(fixed);
      const page = await publicData<VendorMeet>('vendor_meet', { meet_id: 8100 });
      expect(page.hero).toEqual({ title: '选型大会', subtitle: '', banner: '', date: '', place: '上海' });
      expect(page.reports).toEqual([
        { title: '指南', description: '', thumb: '', url: '/uploads/g.pdf', kind: 'pdf' },
      ]);
      // A row written before the shape was checked reads with empty parts instead of failing.
      await t.app.database.db
        .updateTable('vendor_meets')
        .set({ data: '{"hero":{"title":{}},"reports":[null,7],"carousels":[{"items":"x"}]}' })
        .where('id', '=', 8100)
        .execute();
      const old = await t.call<VendorMeet>('vendor_meet', { meet_id: 8100 });
      expect(old.code, JSON.stringify(old)).toBe(0);
      expect(old.data.reports.map((r) => r.title)).toEqual(['', '']);
      expect(old.data.carousels).toEqual([{ title: '', items: [] }]);
    });

    it('settings: SEO, footer and friend links', async () => {
      await create('settings', {
        key: 'seo:special-page',
        title: '专题页标题',
        description: '描述',
        keyword: '关键词',
      });
      expect(await publicData('get_seo', { page: 'special-page' })).toEqual({
        title: '专题页标题',
        description: '描述',
        keyword: '关键词',
      });
      await create('settings', { key: 'footer:客服邮箱', description: 'help@example.com' });
      expect((await publicData<{ info: Record<string, string> }>('company_letter')).info['客服邮箱']).toBe(
        'help@example.com',
      );
      await create('settings', { key: 'link:示例站', keyword: 'https://example.com' });
      expect(await publicData<{ name: string }[]>('website_url')).toEqual(
        expect.arrayContaining([{ name: '示例站', url: 'https://example.com' }]),
      );
      const bad = await call(admin(), 'POST', '/settings', { key: 'nope', title: 'x' });
      expect(bad.statusCode).toBe(400);
      expect((bad.json() as { field: string }).field).toBe('key');
      // A link is a site path or an http(s) address, on create and on update alike.
      for (const url of ['javascript:alert(1)', '//evil.example', 'data:text/html,x']) {
        const link = await call(admin(), 'POST', '/settings', { key: 'link:坏链接', keyword: url });
        expect(link.statusCode, url).toBe(400);
        expect(link.json()).toMatchObject({
          field: 'keyword',
          message: '链接须为站内路径（/开头）或 http(s) 地址',
        });
      }
      const changed = await call(admin(), 'PUT', `/settings/${encodeURIComponent('link:示例站')}`, {
        keyword: 'javascript:alert(1)',
      });
      expect(changed.statusCode).toBe(400);
      expect(changed.json()).toMatchObject({ field: 'keyword' });
    });

    it('categories and menus: dropMenu and smallMenu follow', async () => {
      await create('menus', { menu_id: 777, name: '新栏目', kind: 'small', cat_id: 56 });
      expect((await publicData<{ name: string }[]>('smallMenu')).map((m) => m.name)).toContain('新栏目');
      const dup = await call(admin(), 'POST', '/categories', { id: 7001, name: '重复', alias: 'AI' });
      // The test database has no category rows of its own; AI is free here unless seeded.
      expect([201, 409]).toContain(dup.statusCode);
    });
  });
});
