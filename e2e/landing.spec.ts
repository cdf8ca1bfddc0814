import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test, type Page, type Request } from '@playwright/test';
import { apiCall } from './api';
import { serverDataDir } from './member-helpers';

/**
 * Landing pages end to end: the vendor login gate (10002 → registration → login → the remembered
 * asset opens and the access is logged), the 2025 meet id, partner marks, and the dynamic form.
 */

const NOT_FOUND = '抱歉，您访问的页面不存在（404）';

// Chromium with its popup blocker on (Playwright turns it off by default), as iOS Safari and
// WeChat block a window opened after awaited calls: the vendor assets must open anyway.
test.use({
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    ignoreDefaultArgs: ['--disable-popup-blocking'],
  },
});

// The consent banner is tested in privacy.spec.ts; keep it from covering the forms here.
test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([
    { name: 'cookie_consent', value: 'allow', url: baseURL ?? 'http://127.0.0.1:8091' },
  ]);
});

// ---------- reading what the server stored ----------

interface Row {
  [key: string]: unknown;
}
type Query = (sql: string, params: unknown[]) => Promise<Row[]>;

// The database drivers live in the api package (the root has none of its own).
const requireFromApi = createRequire(path.resolve('apps/api/package.json'));

/** The server's SQLite file (its DATA_DIR as e2e/member-helpers.ts finds it, by the server's port). */
function candidateDbFiles(): string[] {
  return [path.join(serverDataDir(), 'portal.db')].filter((f) => existsSync(f));
}

/** Runs a read on the server's database (PostgreSQL when DATABASE_URL is set, else the SQLite files). */
async function queryAll(sqliteSql: string, pgSql: string, params: unknown[]): Promise<Row[]> {
  if (process.env.DATABASE_URL) {
    const pg = requireFromApi('pg') as {
      Client: new (o: { connectionString: string }) => {
        connect(): Promise<void>;
        query(s: string, p: unknown[]): Promise<{ rows: Row[] }>;
        end(): Promise<void>;
      };
    };
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      return (await client.query(pgSql, params)).rows;
    } finally {
      await client.end();
    }
  }
  const Database = requireFromApi('better-sqlite3') as new (
    file: string,
    o: { readonly: boolean; fileMustExist: boolean },
  ) => {
    prepare(s: string): { all(...p: unknown[]): Row[] };
    close(): void;
  };
  const rows: Row[] = [];
  for (const file of candidateDbFiles()) {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      rows.push(...db.prepare(sqliteSql).all(...params));
    } catch {
      // A data dir of another app version or a half-written one: not ours.
    } finally {
      db.close();
    }
  }
  return rows;
}

const query: Query = (sql, params) =>
  queryAll(
    sql,
    sql.replace(/\?/g, (_m, offset: number) => `$${sql.slice(0, offset).split('?').length}`),
    params,
  );

async function accessLogs(userId: string): Promise<Row[]> {
  return query(
    'select user_id, meet_id, meet_name, asset from vendor_access_logs where user_id = ? order by id',
    [userId],
  );
}

// ---------- helpers ----------

/** A phone number no other test run used: 1[3-9] + 9 digits. */
function uniquePhone(): string {
  const digits = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-9);
  return `1${3 + Math.floor(Math.random() * 7)}${digits}`;
}

interface VendorMeet {
  id: number;
  name: string;
  reports: { title: string; url: string }[];
  carousels: { title: string; items: { title: string; url: string }[] }[];
}

const loginDialog = (page: Page) => page.getByRole('dialog', { name: '手机号登录' });
const registerDialog = (page: Page) => page.getByRole('dialog', { name: '注册后查看完整资料' });

async function registerThroughDialog(page: Page, phone: string) {
  const dialog = registerDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByPlaceholder('请输入手机号')).toHaveValue(phone);

  // Every rule of spec section 5, as the visitor sees it.
  await dialog.getByRole('button', { name: '立即注册' }).click();
  for (const msg of [
    '姓名不能为空',
    '邮箱不能为空',
    '公司不能为空',
    '部门不能为空',
    '职位不能为空',
    '请查看协议并勾选',
  ]) {
    await expect(dialog.getByText(msg, { exact: true })).toBeVisible();
  }
  await dialog.getByPlaceholder('请输入手机号').fill('12345');
  await dialog.getByPlaceholder('请输入工作邮箱').fill('not-an-email');
  await dialog.getByRole('button', { name: '立即注册' }).click();
  await expect(dialog.getByText('手机号格式不正确', { exact: true })).toBeVisible();
  await expect(dialog.getByText('请输入正确的邮箱地址', { exact: true })).toBeVisible();
  await dialog.getByPlaceholder('请输入手机号').fill('');
  await expect(dialog.getByText('手机号不能为空', { exact: true })).toBeVisible();

  await dialog.getByPlaceholder('请输入姓名').fill('端到端测试');
  await dialog.getByPlaceholder('请输入手机号').fill(phone);
  await dialog.getByPlaceholder('请输入工作邮箱').fill(`e2e${phone}@example.com`);
  await dialog.getByPlaceholder('请输入公司名称').fill('示例科技有限公司');
  await dialog.getByPlaceholder('请输入所在部门').fill('信息部');
  await dialog.getByPlaceholder('请输入职位').fill('IT经理');
  // The survey: 其他 of the challenges question reveals its text field.
  await dialog
    .getByRole('radiogroup', { name: '贵公司是否已部署ERP系统？' })
    .getByText('否，但正在考虑')
    .click();
  const challenges = dialog.getByRole('group', { name: '贵公司当前面临的主要挑战是什么？' });
  await expect(dialog.getByLabel('其他挑战')).toHaveCount(0);
  await challenges.getByText('数据同步').click();
  await challenges.getByText('其他').click();
  await dialog.getByLabel('其他挑战').fill('多系统对账');
  await dialog.getByRole('radiogroup', { name: '贵公司的采购周期是多久？' }).getByText('4–6个月').click();
  await dialog.getByRole('radiogroup', { name: '您在采购决策中的角色是？' }).getByText('决策者').click();
  const consents = dialog.locator('.lp-consents input[type="checkbox"]');
  await expect(consents).toHaveCount(3);
  await consents.nth(0).check();
  await consents.nth(1).check();
  await dialog.getByRole('button', { name: '立即注册' }).click();
  await expect(dialog.getByText('请查看协议并勾选', { exact: true })).toBeVisible();
  await consents.nth(2).check();
  await dialog.getByRole('button', { name: '立即注册' }).click();
  await expect(page.getByRole('status').filter({ hasText: '注册成功' })).toBeVisible();
}

// ---------- vendor pages ----------

/** Resolves with the navigation of this tab to the asset's address (a PDF may view or download). */
function assetNavigation(page: Page, url: string) {
  const pathname = new URL(url, 'http://x').pathname;
  return page.waitForRequest(
    (r) =>
      r.isNavigationRequest() && r.frame() === page.mainFrame() && new URL(r.url()).pathname === pathname,
  );
}

test.describe('vendor landing gate', () => {
  // An asset opens in the same tab (a PDF): a context closed while Chromium's PDF viewer is showing
  // can hang its teardown, so each test leaves the page on a blank document first.
  test.afterEach(async ({ page }) => {
    await page.goto('about:blank').catch(() => undefined);
  });
  test.beforeEach(({ page }) => {
    page.on('popup', () => {
      throw new Error('the asset must open in this tab, not in a popup');
    });
  });

  test('unknown phone → 10002 → registration → login → the remembered asset opens and the access is logged', async ({
    page,
    request,
  }, testInfo) => {
    const meet = await apiCall<VendorMeet>(request, 'vendor_meet', { meet_id: 0 }, 'POST');
    const res = await page.goto('/vendor');
    expect(res?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('data-app', 'landing');
    await expect(page.locator('.site-header, .site-footer')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    const asset = meet.reports[1] ?? meet.reports[0];
    await page.locator(`[data-asset="${asset.title}"]`).first().click();
    const login = loginDialog(page);
    await expect(login).toBeVisible();
    const phoneInput = login.getByPlaceholder('请输入手机号');
    await expect(phoneInput).toHaveAttribute('maxlength', '11');
    await login.getByRole('button', { name: '登录' }).click();
    await expect(login.getByText('请输入手机号', { exact: true })).toBeVisible();
    await phoneInput.fill('123');
    await login.getByRole('button', { name: '登录' }).click();
    await expect(login.getByText('请输入正确的手机号', { exact: true })).toBeVisible();

    const phone = uniquePhone();
    await phoneInput.fill(phone);
    const unregistered = page.waitForResponse((r) => r.url().endsWith('/api/vendor_login'));
    await login.getByRole('button', { name: '登录' }).click();
    expect((await (await unregistered).json()).code).toBe(10002);
    await expect(login).toBeHidden();

    // The registration dialog: 35% wide on desktop, the full width on a phone.
    const register = registerDialog(page);
    await expect(register).toBeVisible();
    const box = await register.boundingBox();
    const viewport = page.viewportSize();
    if (box && viewport) {
      if (testInfo.project.name === 'desktop') expect(box.width).toBeLessThan(viewport.width * 0.5);
      else expect(box.width).toBeGreaterThanOrEqual(viewport.width - 1);
    }
    // The back-to-login link returns to login, and 10002 brings registration back.
    await register.getByRole('button', { name: '返回登录' }).click();
    await expect(loginDialog(page)).toBeVisible();
    await loginDialog(page).getByRole('button', { name: '登录' }).click();

    await registerThroughDialog(page, phone);
    await expect(register).toBeHidden();
    await expect(login).toBeVisible();
    await expect(login.getByPlaceholder('请输入手机号')).toHaveValue(phone);

    const opened = assetNavigation(page, asset.url);
    const logged = page.waitForResponse((r) => r.url().endsWith('/api/vendor_log'));
    await login.getByRole('button', { name: '登录' }).click();
    // The tab leaves for the asset at once: the log's answer is checked in the database below.
    const logResponse = await logged;
    expect(logResponse.status()).toBe(200);
    const logBody = logResponse.request().postDataJSON() as {
      meetName: string;
      user_id: string;
      meet_id?: number;
      asset: string;
    };
    expect(logBody.meetName).toBe(meet.name);
    expect(logBody.asset).toBe(asset.url);
    // The asset opens in this tab (a PDF or a video: the navigation, not a document load event).
    await opened;
    await page.waitForURL((u) => u.pathname === new URL(asset.url, 'http://x').pathname);

    await page.goto('/vendor');
    const userId = await page.evaluate(() => sessionStorage.getItem('user_id'));
    expect(userId).toBe(logBody.user_id);
    await expect
      .poll(async () =>
        (await accessLogs(userId ?? '')).map((r) => [Number(r.meet_id), r.meet_name, r.asset]),
      )
      .toEqual([[0, meet.name, asset.url]]);

    // Logged in: the next asset opens at once and is logged too, with its own address.
    const next = meet.carousels[0]?.items[0] ?? meet.reports[0];
    const opened2 = assetNavigation(page, next.url);
    await page.locator(`[data-asset="${next.title}"]`).first().click();
    await expect(loginDialog(page)).toBeHidden();
    await opened2;
    await expect
      .poll(async () => (await accessLogs(userId ?? '')).map((r) => r.asset))
      .toEqual([asset.url, next.url]);
  });

  test('the 2025 page sends and records meet_id 1', async ({ page, request }) => {
    const meet = await apiCall<VendorMeet>(request, 'vendor_meet', { meet_id: 1 }, 'POST');
    const phone = uniquePhone();
    // This phone registered for the 2025 meet only (through the API, as another visit would have).
    await apiCall(
      request,
      'vendor_register',
      {
        name: '峰会来宾',
        mobile: phone,
        email: `v${phone}@example.com`,
        company: '示例公司',
        department: '市场部',
        position: '经理',
        meetName: meet.name,
        meet_id: 1,
        question: '[]',
      },
      'POST',
    );

    await page.goto('/vendor2025');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(meet.name.slice(0, 4));
    await page.locator(`[data-asset="${meet.reports[0].title}"]`).first().click();
    await loginDialog(page).getByPlaceholder('请输入手机号').fill(phone);
    const loginReq = page.waitForRequest((r: Request) => r.url().endsWith('/api/vendor_login'));
    const logged = page.waitForResponse((r) => r.url().endsWith('/api/vendor_log'));
    const opened = assetNavigation(page, meet.reports[0].url);
    await loginDialog(page).getByRole('button', { name: '登录' }).click();
    expect((await loginReq).postDataJSON()).toMatchObject({ mobile: phone, meet_id: 1 });
    const logResponse = await logged;
    expect(logResponse.status()).toBe(200);
    const body = logResponse.request().postDataJSON() as {
      user_id: string;
      meet_id: number;
      meetName: string;
    };
    expect(body).toMatchObject({ meet_id: 1, meetName: meet.name, asset: meet.reports[0].url });
    await opened;
    await expect
      .poll(async () => (await accessLogs(body.user_id)).map((r) => Number(r.meet_id)))
      .toEqual([1]);
  });
});

// ---------- partner pages ----------

interface PartnerBase {
  slogan: string;
  des: string;
  qrocde: { name1: string }[];
}
interface Item {
  title: string;
}

test.describe('partner landing', () => {
  for (const mark of ['demo1', 'demo2']) {
    test(`/partner/${mark} shows its own data`, async ({ page, request }) => {
      const post = <T>(name: string) => apiCall<T>(request, name, { mark }, 'POST');
      const [base, news, hot, videos, know, activities, products] = await Promise.all([
        post<PartnerBase>('partner_base'),
        post<Item[]>('partner_new'),
        post<Item[]>('partner_recommend'),
        post<Item[]>('partner_video'),
        post<Item[]>('partner_know'),
        post<(Item & { btnText: string })[]>('partner_activity'),
        post<Item[]>('partner_product'),
      ]);
      const res = await page.goto(`/partner/${mark}`);
      expect(res?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('data-app', 'landing');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(base.slogan);
      await expect(page.getByText(base.des)).toBeVisible();
      await expect(page.locator('#new')).toContainText(news[0].title);
      await expect(page.locator('#hot')).toContainText(hot[0].title);
      await expect(page.locator('#videos')).toContainText(videos[0].title);
      await expect(page.locator('#products')).toContainText(products[products.length - 1].title);
      await expect(page.locator('#knowledge')).toContainText(know[0].title);
      await expect(page.locator('#activities')).toContainText(activities[0].title);
      await expect(
        page.locator('#activities').getByRole('link', { name: activities[0].btnText }).first(),
      ).toBeVisible();
      if (base.qrocde.length) await expect(page.locator('#contact')).toContainText(base.qrocde[0].name1);
      // The other partner's slogan is not on this page.
      const other = await apiCall<PartnerBase>(
        request,
        'partner_base',
        { mark: mark === 'demo1' ? 'demo2' : 'demo1' },
        'POST',
      );
      await expect(page.getByText(other.slogan)).toHaveCount(0);
    });
  }

  test('an unknown mark is a 404 page', async ({ page }) => {
    const res = await page.goto('/partner/no-such-partner');
    expect(res?.status()).toBe(404);
    await expect(page.getByText(NOT_FOUND)).toBeVisible();
  });
});

// ---------- the dynamic activity form ----------

interface FormField {
  field_name: string;
  label: string;
  type: 'input' | 'select' | 'radio' | 'checkbox' | 'multi' | 'province' | 'city';
  is_require: 0 | 1;
  is_show: 0 | 1;
  options: { id: number; title: string; is_input: 0 | 1 }[];
}
interface DynamicForm {
  form: FormField[];
  title: string;
  privacy: string;
  is_submit: boolean;
}

const noticeDialog = (page: Page) => page.locator('.lp-notice');

test.describe('activity registration form', () => {
  test('every field type, every message, and a stored submission', async ({ page, request }) => {
    const form = await apiCall<DynamicForm>(request, 'getForm', { activity_id: 1 }, 'POST');
    const fields = form.form.filter((f) => f.is_show === 1);
    const hidden = form.form.filter((f) => f.is_show === 0);
    const types = new Set(fields.map((f) => f.type));
    for (const type of ['input', 'select', 'radio', 'checkbox', 'multi', 'province', 'city'] as const)
      expect(types.has(type), type).toBe(true);

    const res = await page.goto('/activity/register?id=1&source=e2e');
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(form.title);
    for (const f of hidden) await expect(page.locator(`[data-field="${f.field_name}"]`)).toHaveCount(0);
    await expect(page.locator('.lp-privacy__text')).toContainText(
      (JSON.parse(form.privacy) as { content: string }).content.slice(0, 20),
    );

    const field = (name: string) => page.locator(`[data-field="${name}"]`);
    const submit = page.getByRole('button', { name: '提交报名' });
    await submit.click();
    for (const f of fields.filter((x) => x.is_require === 1)) {
      const msg = /邮箱/.test(f.label)
        ? '邮箱不能为空'
        : /手机/.test(f.label)
          ? '手机号不能为空'
          : `${f.label}不能为空`;
      await expect(field(f.field_name).locator('.lp-field__error'), f.label).toHaveText(msg);
    }
    await expect(page.getByText('请勾选授权协议', { exact: true })).toBeVisible();

    const byKind = (re: RegExp) => fields.find((f) => f.type === 'input' && re.test(f.label));
    const email = byKind(/邮箱/)!;
    const mobile = byKind(/手机/)!;
    await field(email.field_name).locator('input').fill('bad@');
    await field(mobile.field_name).locator('input').fill('1234');
    await submit.click();
    await expect(field(email.field_name).locator('.lp-field__error')).toHaveText('请输入正确的邮箱地址');
    await expect(field(mobile.field_name).locator('.lp-field__error')).toHaveText('手机号格式不正确');
    const optionalEmail = fields.find(
      (f) => f.type === 'input' && f.is_require === 0 && /邮箱/.test(f.label),
    );
    if (optionalEmail) {
      await field(optionalEmail.field_name).locator('input').fill('nope');
      await submit.click();
      await expect(field(optionalEmail.field_name).locator('.lp-field__error')).toHaveText(
        '请输入正确的邮箱地址',
      );
      await field(optionalEmail.field_name).locator('input').fill('');
    }

    const marker = `端到端${Date.now()}`;
    for (const f of fields) {
      const box = field(f.field_name);
      switch (f.type) {
        case 'input':
          await box
            .locator('input')
            .first()
            .fill(
              f === email
                ? `e2e${Date.now()}@example.com`
                : f === mobile
                  ? uniquePhone()
                  : /邮箱|手机/.test(f.label)
                    ? ''
                    : f.label === '姓名'
                      ? marker
                      : `${f.label}内容`,
            );
          break;
        case 'select':
          await box.locator('select').selectOption(String(f.options[0].id));
          break;
        case 'radio': {
          const withInput = f.options.find((o) => o.is_input === 1);
          await box.getByText((withInput ?? f.options[0]).title, { exact: true }).click();
          if (withInput) {
            await expect(box.getByLabel(`${f.label}（其他）`)).toBeVisible();
            await box.getByLabel(`${f.label}（其他）`).fill('展会');
          }
          break;
        }
        case 'checkbox':
        case 'multi': {
          await box.getByText(f.options[0].title, { exact: true }).click();
          const withInput = f.options.find((o) => o.is_input === 1);
          if (withInput) {
            await expect(box.getByLabel(`${f.label}（其他）`)).toHaveCount(0);
            await box.getByText(withInput.title, { exact: true }).click();
            await box.getByLabel(`${f.label}（其他）`).fill('边缘计算');
          }
          break;
        }
        default:
          break;
      }
    }

    // Province and city: choosing a province loads its cities; changing it clears the city.
    const provinces = await apiCall<{ label: string }[]>(request, 'get_province');
    const [p1, p2] = [provinces[0].label, provinces[1].label];
    const [c1, c2] = await Promise.all([
      apiCall<{ label: string }[]>(request, 'get_city', { title: p1 }, 'POST'),
      apiCall<{ label: string }[]>(request, 'get_city', { title: p2 }, 'POST'),
    ]);
    const province = fields.find((f) => f.type === 'province')!;
    const city = fields.find((f) => f.type === 'city')!;
    const citySelect = field(city.field_name).locator('select');
    await field(province.field_name).locator('select').selectOption(p1);
    await expect(citySelect.locator('option', { hasText: c1[0].label })).toHaveCount(1);
    await citySelect.selectOption(c1[0].label);
    await field(province.field_name).locator('select').selectOption(p2);
    await expect(citySelect).toHaveValue('');
    await expect(citySelect.locator('option', { hasText: c2[0].label })).toHaveCount(1);
    await citySelect.selectOption(c2[0].label);

    await page.locator('.lp-privacy input[type="checkbox"]').check();
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/form_register'));
    await submit.click();
    const payload = (await sent).postDataJSON() as {
      activity_id: number;
      source: string;
      content: string;
      other: string;
    };
    expect(payload.activity_id).toBe(1);
    expect(payload.source).toBe('e2e');
    expect(JSON.parse(payload.content)[city.field_name]).toBe(c2[0].label);
    await expect(noticeDialog(page)).toContainText('提交成功');

    await expect
      .poll(
        async () =>
          (await query('select id from form_submissions where content like ?', [`%${marker}%`])).length,
      )
      .toBe(1);
    const [stored] = await query(
      'select activity_id, source, content, other from form_submissions where content like ?',
      [`%${marker}%`],
    );
    expect(Number(stored.activity_id)).toBe(1);
    expect(stored.source).toBe('e2e');
    expect(JSON.parse(String(stored.content))).toEqual(JSON.parse(payload.content));
    expect(JSON.parse(String(stored.other))).toEqual(JSON.parse(payload.other));
  });

  test('a closed activity answers 当前活动报名时间已结束', async ({ page }) => {
    await page.goto('/activity/register?id=2');
    await page.getByRole('button', { name: '提交报名' }).click();
    await expect(noticeDialog(page)).toContainText('当前活动报名时间已结束');
  });

  test("an unknown activity shows the server's message (活动表单不存在), with status 404", async ({
    page,
  }) => {
    const res = await page.goto('/activity/register?id=999999');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('alert').getByRole('heading', { name: '活动表单不存在' })).toBeVisible();
    await expect(page.getByText(NOT_FOUND)).toHaveCount(0);
  });
});
