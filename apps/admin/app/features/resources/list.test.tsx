import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  RESOURCES,
  resourceDecl,
  type ResourceKind,
  type ResourceRecord,
} from '@portal/api-client/admin-resources';
import { RESOURCE_PREVIEWS, type ResourcePreview } from '@portal/routes';
import { fakeApi } from '../../test/fake-api';
import { renderRoutes, searchOf } from '../../test/render';
import { RESOURCE_ROUTES } from '../../test/routes';

const open = (url: string) => renderRoutes(url, RESOURCE_ROUTES);
const topic = (id: number): ResourceRecord => ({ id, title: `专题 ${id}`, kind: 'special', cat_id: 0 });
/** A list of `total` topics, answering one page of them (the records are not what is checked). */
const topicsApi = (total = 45) =>
  fakeApi({ 'GET /topics': () => ({ data: { items: [topic(1), topic(2)], total } }) });

describe('the generic list page', () => {
  it('asks the API for the filters and the page the URL holds, and shows them', async () => {
    const api = topicsApi();
    const category = RESOURCES.topics.filters[0]!.options![2]!;
    open(`/topics?cat_id=${category.value}&q=云&page=2&pageSize=20`);
    await screen.findByText('专题 1');
    expect(api.callsTo('GET /topics').at(-1)?.params).toEqual({
      cat_id: String(category.value),
      q: '云',
      page: '2',
      pageSize: '20',
    });
    expect(screen.getAllByTitle(category.label).length).toBeGreaterThan(0);
    expect((screen.getByLabelText('搜索') as HTMLInputElement).value).toBe('云');
    expect(screen.getByTitle('2').className).toContain('ant-pagination-item-active');
  });

  it('puts a new page and a new filter in the URL, and loads the list they select', async () => {
    const api = topicsApi();
    const router = open('/topics?q=云');
    fireEvent.click(await screen.findByTitle('3'));
    await waitFor(() => expect(searchOf(router)).toEqual({ q: '云', page: '3', pageSize: '20' }));
    await waitFor(() => expect(api.callsTo('GET /topics').at(-1)?.params).toMatchObject({ page: '3' }));

    const search = screen.getByLabelText('搜索');
    fireEvent.change(search, { target: { value: '安全' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    // A new filter starts again at the first page.
    await waitFor(() => expect(searchOf(router)).toEqual({ q: '安全', pageSize: '20' }));
    await waitFor(() =>
      expect(api.callsTo('GET /topics').at(-1)?.params).toEqual({ q: '安全', pageSize: '20' }),
    );
  });
});

describe('the audit log', () => {
  const entry = {
    id: 9,
    editor: 'alice',
    action: 'publish',
    entity: 'article',
    entityId: '42',
    detail: '发布文章',
    ip: '203.0.113.7',
    createdAt: '2026-11-03T02:00:00.000Z',
  };

  it('is the generic list at its old address too, filtered by actor, action and dates, with the address', async () => {
    const api = fakeApi({ 'GET /audit-log': () => ({ data: { items: [entry], total: 21 } }) });
    const router = open('/audit?editor=alice&action=publish&from=2026-11-01&to=2026-11-08&page=2');
    await screen.findByText('203.0.113.7');
    expect(router.state.location.pathname).toBe('/audit-log');
    expect(api.callsTo('GET /audit-log').at(-1)?.params).toEqual({
      editor: 'alice',
      action: 'publish',
      from: '2026-11-01',
      to: '2026-11-08',
      page: '2',
    });
    expect(screen.getAllByText('来源地址').some((e) => e.closest('th'))).toBe(true);
    // The action by its name in the declaration, the days as picked.
    expect(screen.getByText('发布')).toBeTruthy();
    expect(screen.getByDisplayValue('2026-11-01')).toBeTruthy();
    expect(screen.getByDisplayValue('2026-11-07')).toBeTruthy();
    expect((screen.getByLabelText('操作人') as HTMLInputElement).value).toBe('alice');
    expect(screen.getByTitle('2').className).toContain('ant-pagination-item-active');
  });
});

describe('ordering', () => {
  const banners = [11, 12, 13].map((id, i) => ({ id, title: `横幅 ${id}`, place: 'home', order: i }));

  it('moves a record to the place asked for, with the list’s filters', async () => {
    const api = fakeApi({
      'GET /banners': () => ({ data: { items: banners, total: 3 } }),
      'POST /banners/move': () => ({ status: 204 }),
    });
    open('/banners?place=home');
    const row = (await screen.findByText('横幅 13')).closest('tr')!;
    fireEvent.click(within(row).getByText('移动到'));
    const place = await screen.findByLabelText('目标位置');
    fireEvent.change(place, { target: { value: '1' } });
    // Ant Design spaces a two-character button label: 移 动.
    fireEvent.click(within(place.closest('.ant-popover')! as HTMLElement).getByText(/^移\s?动$/));
    await waitFor(() => expect(api.callsTo('POST /banners/move')).toHaveLength(1));
    expect(api.callsTo('POST /banners/move')[0]).toMatchObject({
      body: { id: 13, position: 1 },
      params: { place: 'home' },
    });
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('saves a row dragged (by keyboard) as its new place in the list', async () => {
    // jsdom lays nothing out: give the table's rows the heights a browser would, one under another.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const row = this.closest('tr[data-row-key]');
      const index = row ? [...row.parentElement!.children].indexOf(row) : 0;
      return DOMRect.fromRect({ x: 0, y: index * 40, width: 800, height: 40 });
    });
    const api = fakeApi({
      'GET /banners': () => ({ data: { items: banners, total: 3 } }),
      'POST /banners/move': () => ({ status: 204 }),
    });
    open('/banners');
    const row = (await screen.findByText('横幅 11')).closest('tr')!;
    const handle = within(row).getByLabelText('拖动排序');
    handle.focus();
    const press = (code: string) => fireEvent.keyDown(handle, { code, key: code === 'Space' ? ' ' : code });
    // Space picks the row up, each arrow moves it one place (once the row shows there), space drops it.
    press('Space');
    await waitFor(() => expect(handle.getAttribute('aria-pressed')).toBe('true'));
    press('ArrowDown');
    await waitFor(() => expect(row.style.transform).toContain('40px'));
    press('ArrowDown');
    await waitFor(() => expect(row.style.transform).toContain('80px'));
    press('Space');
    await waitFor(() => expect(api.callsTo('POST /banners/move')).toHaveLength(1));
    expect(api.callsTo('POST /banners/move')[0]?.body).toEqual({ id: 11, position: 3 });
  });
});

describe('preview links', () => {
  const kinds = Object.entries(RESOURCE_PREVIEWS) as [ResourceKind, ResourcePreview][];

  it.each(kinds)('%s: the public page the route table names', async (kind, preview) => {
    const decl = resourceDecl(kind);
    const id = decl.textId ? 'demo1' : 7;
    fakeApi({ [`GET /${kind}`]: () => ({ data: { items: [{ [decl.idField]: id }], total: 1 } }) });
    open(`/${kind}`);
    await screen.findByText(`共 1 条`);
    if ('page' in preview) {
      expect(screen.getByText('查看前台').closest('a')?.getAttribute('href')).toBe(preview.page);
      expect(screen.queryByText('预览')).toBeNull();
    } else {
      expect(screen.getByText('预览').closest('a')?.getAttribute('href')).toBe(preview.record(String(id)));
      expect(screen.queryByText('查看前台')).toBeNull();
    }
  });
});
