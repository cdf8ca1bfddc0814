import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LeadPage, Paged } from '@portal/api-client/admin';
import type { AuditEntry } from '@portal/api-client/entities/audit-entry';
import { ColumnStatus } from '@portal/api-client/constants';
import type { ListItem } from '@portal/api-client/contract';
import { DIALECTS } from './helpers';
import { newMember } from './member-helpers';
import { adminApiRoom } from './newsroom';

/** The back office's review queues and leads (masked phones, audited reveals and exports). */
describe.each(DIALECTS)('admin API on %s', (dialect) => {
  const { t, who, call } = adminApiRoom(dialect);
  const { admin, editor, reviewer } = who;

  describe('review queues', () => {
    it('approves a column application and a column article, which is public at once', async () => {
      const m = await newMember(t);
      await t.call('space_apply', { id: m.id, ...m.identity });
      const queue = (await call(reviewer, 'GET', '/review/columns')).json() as Paged<{
        memberId: number;
        mobile: string;
      }>;
      // The queue lists the applicant's phone masked, like every back-office list.
      expect(queue.items.find((c) => c.memberId === m.id)?.mobile).toBe(
        `${m.mobile.slice(0, 3)}****${m.mobile.slice(-4)}`,
      );
      expect((await call(reviewer, 'POST', `/review/columns/${m.id}/approve`, {})).statusCode).toBe(200);
      expect((await t.call<{ status: number }>('check_space', { id: m.id, ...m.identity })).data.status).toBe(
        ColumnStatus.Approved,
      );
      // Deciding twice is a conflict; an unknown id is 404.
      expect((await call(reviewer, 'POST', `/review/columns/${m.id}/approve`, {})).statusCode).toBe(409);
      expect((await call(reviewer, 'POST', '/review/columns/999999/approve', {})).statusCode).toBe(404);

      const add = await t.call<{ id: number }>('space_add_article', {
        title: '专栏稿件待审',
        channel: 1,
        category: 2,
        content: '<p>专栏正文</p>',
        is_push: 1,
        ...m.identity,
      });
      const pending = (await call(reviewer, 'GET', '/review/articles')).json() as Paged<{
        id: number;
        content: string;
      }>;
      expect(pending.items.find((a) => a.id === add.data.id)?.content).toBe('<p>专栏正文</p>');
      // The entry's fields, in the answer's order (the texts come from entities/column-article.ts).
      expect(Object.keys(pending.items.find((a) => a.id === add.data.id)!)).toEqual([
        'id',
        'memberId',
        'username',
        'title',
        'category',
        'description',
        'keyword',
        'content',
        'submittedAt',
        'hits',
      ]);
      expect((await call(reviewer, 'POST', `/review/articles/${add.data.id}/reject`, {})).statusCode).toBe(
        400,
      );
      expect((await call(reviewer, 'POST', `/review/articles/${add.data.id}/approve`, {})).statusCode).toBe(
        200,
      );
      const found = await t.call<{ list: ListItem[] }>('search_list', {
        title: '专栏稿件待审',
        page: 1,
        pageSize: 10,
      });
      expect(found.data.list.map((x) => x.title)).toContain('专栏稿件待审');
      // Issue 25: the member's own list shows the views of the published article (0 before any).
      const mine = async () =>
        (
          await t.call<{ id: number; views?: number }[]>('space_list', {
            page: 1,
            pageSize: 10,
            ...m.identity,
          })
        ).data.find((a) => a.id === add.data.id)?.views;
      expect(await mine()).toBe(0);
      const publicId = found.data.list.find((x) => x.title === '专栏稿件待审')!.id;
      for (let i = 0; i < 2; i++) expect((await t.call('article_pv', { id: publicId })).code).toBe(0);
      expect(await mine()).toBe(2);
    });

    it('rejects with the reason the member sees', async () => {
      const m = await newMember(t);
      await t.call('space_apply', { id: m.id, ...m.identity });
      const res = await call(reviewer, 'POST', `/review/columns/${m.id}/reject`, {
        reason: '请补充个人简介',
      });
      expect(res.statusCode).toBe(200);
      expect(
        (await t.call<{ status: number; msg: string }>('check_space', { id: m.id, ...m.identity })).data,
      ).toEqual({
        status: ColumnStatus.Rejected,
        msg: '请补充个人简介',
      });
    });
  });

  describe('leads', () => {
    const EVIL = '=HYPERLINK("x")';
    beforeAll(async () => {
      const now = Date.now();
      const field = (field_name: string, label: string) => ({
        field_name,
        label,
        type: 'input',
        is_require: 0,
        is_show: 1,
        options: [],
      });
      // An activity form whose editor typed a formula as a label, with a mobile and a landline field.
      await t.app.database.db
        .insertInto('activity_forms')
        .values({
          activity_id: 70,
          title: '数据治理沙龙',
          form: JSON.stringify([
            field('name', '姓名'),
            field('mobile', '手机号'),
            field('tel', '联系电话'),
            field('evil', EVIL),
          ]),
        })
        .execute();
      await t.app.database.db.insertInto('partners').values({ mark: 'acme', base: '{}' }).execute();
      const content = { name: '王五', mobile: '13900139000', tel: '010-66668888', evil: '答案' };
      await t.app.database.db
        .insertInto('form_submissions')
        .values([
          { activity_id: 70, source: '', content: JSON.stringify(content), created_at: now },
          { activity_id: 70, source: 'acme', content: JSON.stringify(content), created_at: now + 1 },
        ])
        .execute();
      await t.app.database.db
        .insertInto('vendor_leads')
        .values({
          meet_id: 7,
          meet_name: '企业 ERP 选型会',
          name: '李四',
          mobile: '13800138000',
          email: 'li@example.com',
          company: '=HYPERLINK("x")',
          department: '信息部',
          position: 'CIO',
          question: JSON.stringify([{ title: '贵公司是否已部署ERP系统？', answer: '否，但正在考虑' }]),
          created_at: now,
          updated_at: now,
        })
        .execute();
    });

    const newestAudit = async (action: string) =>
      ((await call(admin, 'GET', `/audit-log?action=${action}`)).json() as Paged<AuditEntry>).items[0];

    it('lists a meet’s leads with masked phones for reviewers, each listing audited', async () => {
      const page = (await call(reviewer, 'GET', '/leads?source=vendor&id=7')).json() as LeadPage;
      expect(page.total).toBe(1);
      expect(page.columns.find((c) => c.key === 'mobile')).toEqual({
        key: 'mobile',
        label: '手机号',
        phone: true,
      });
      expect(page.items[0].values).toMatchObject({
        name: '李四',
        mobile: '138****8000',
        q1: '否，但正在考虑',
      });
      expect(JSON.stringify(page)).not.toContain('13800138000');
      expect(await newestAudit('list')).toMatchObject({
        editor: 'checker',
        entity: 'leads',
        entityId: 'vendor:7',
        detail: '第 1 页 · 1 条 · IP 127.0.0.1',
      });
      expect((await call(reviewer, 'GET', '/leads?source=vendor&id=999')).statusCode).toBe(404);
      expect((await call(reviewer, 'GET', '/leads?source=nope&id=1')).statusCode).toBe(400);
    });

    it('masks the phone fields of activity and partner leads (mobile and 电话 fields)', async () => {
      // The activity page lists both submissions (its own and the partner page's), the partner one.
      for (const [url, total] of [
        ['/leads?source=activity&id=70', 2],
        ['/leads?source=partner&id=acme', 1],
      ] as const) {
        const page = (await call(admin, 'GET', url)).json() as LeadPage;
        expect(page.total, url).toBe(total);
        expect(page.columns.filter((c) => c.phone).map((c) => c.key)).toEqual(['f:mobile', 'f:tel']);
        expect(page.items[0].values).toMatchObject({
          'f:name': '王五',
          'f:mobile': '139****9000',
          'f:tel': '010****8888',
        });
        expect(JSON.stringify(page)).not.toMatch(/13900139000|66668888/);
      }
    });

    it('reveals one lead’s full phone per row, audited; only phone columns of that source’s rows', async () => {
      const vendorRow = ((await call(reviewer, 'GET', '/leads?source=vendor&id=7')).json() as LeadPage)
        .items[0].id;
      const reveal = (row: number, query: string, who = reviewer) =>
        call(who, 'GET', `/leads/${row}/phone?${query}`);
      const res = await reveal(vendorRow, 'source=vendor&id=7&key=mobile');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ mobile: '13800138000' });
      expect(await newestAudit('view-phone')).toMatchObject({
        editor: 'checker',
        entity: 'leads',
        entityId: `vendor:7:${vendorRow}`,
        detail: 'mobile · 1 条 · IP 127.0.0.1',
      });

      const partner = (await call(admin, 'GET', '/leads?source=partner&id=acme')).json() as LeadPage;
      const formRow = partner.items[0].id;
      const activity = (await call(admin, 'GET', '/leads?source=activity&id=70')).json() as LeadPage;
      const ownRow = activity.items.find((l) => l.values.source === '')!.id;
      expect((await reveal(formRow, 'source=partner&id=acme&key=f:mobile')).json()).toEqual({
        mobile: '13900139000',
      });
      expect((await reveal(formRow, 'source=partner&id=acme&key=f:tel')).json()).toEqual({
        mobile: '010-66668888',
      });

      for (const [row, query] of [
        [vendorRow, 'source=vendor&id=7&key=email'], // not a phone column
        [vendorRow, 'source=vendor&id=999&key=mobile'], // no such meet
        [vendorRow + 1000, 'source=vendor&id=7&key=mobile'], // no such row
        [ownRow, 'source=partner&id=acme&key=f:mobile'], // the activity page's own, not the partner's
      ] as const) {
        expect((await reveal(row, query)).statusCode, query).toBe(404);
      }
      expect((await reveal(vendorRow, 'source=vendor&id=7')).statusCode).toBe(400);
      expect((await reveal(vendorRow, 'source=vendor&id=7&key=mobile', editor)).statusCode).toBe(403);
    });

    it('neutralises a formula typed as a form label in the CSV and XLSX header rows', async () => {
      const csv = await call(reviewer, 'GET', '/leads.csv?source=activity&id=70');
      expect(csv.statusCode, csv.body).toBe(200);
      const [header, row] = csv.rawPayload.toString('utf8').slice(1).split('\r\n');
      expect(row).toContain('13900139000');
      expect(header).toBe(`姓名,手机号,联系电话,"'=HYPERLINK(""x"")",来源,提交时间`);
      // Exports carry the full numbers (above), audited with their row count.
      expect(await newestAudit('export')).toMatchObject({
        editor: 'checker',
        entityId: 'activity:70',
        detail: 'csv · 2 条 · IP 127.0.0.1',
      });

      const xlsx = await call(reviewer, 'GET', '/leads.xlsx?source=activity&id=70');
      expect(xlsx.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.read(Readable.from([xlsx.rawPayload]));
      const headers = book.worksheets[0].getRow(1).values as unknown[];
      expect(headers).toContain(`'${EVIL}`);
      expect(headers).not.toContain(EVIL);
    });

    it('exports CSV with a BOM, a Chinese header and formula cells neutralised, and XLSX', async () => {
      const csv = await call(reviewer, 'GET', '/leads.csv?source=vendor&id=7');
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const text = csv.rawPayload.toString('utf8').slice(1);
      const [header, row] = text.split('\r\n');
      expect(header.startsWith('姓名,手机号,邮箱,公司')).toBe(true);
      expect(row).toContain('13800138000');
      expect(row).toContain(`"'=HYPERLINK(""x"")"`);

      const xlsx = await call(reviewer, 'GET', '/leads.xlsx?source=vendor&id=7');
      expect(xlsx.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.read(Readable.from([xlsx.rawPayload]));
      const sheet = book.worksheets[0];
      expect(sheet.getRow(1).getCell(1).value).toBe('姓名');
      expect(sheet.getRow(2).getCell(2).value).toBe('13800138000');
      const log = (await call(admin, 'GET', '/audit-log?action=export')).json() as Paged<AuditEntry>;
      expect(log.items[0]).toMatchObject({ editor: 'checker', entity: 'leads', entityId: 'vendor:7' });
    });
  });
});
