import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  RESOURCES,
  resourceDecl,
  resourceDefaults,
  resourceSchema,
  type ResourceKind,
} from '@portal/api-client/admin-resources';
import { fakeApi, type Call, type Reply } from '../../test/fake-api';
import { renderRoutes } from '../../test/render';
import { RESOURCE_ROUTES } from '../../test/routes';

/** The form item around the control at `id` (antd names it by the field's path: `items_0_url`). */
const itemOf = (id: string) => document.getElementById(id)!.closest<HTMLElement>('.ant-form-item')!;
/** Ant Design spaces a two-character button label: 保 存. */
const save = () => fireEvent.click(screen.getByText(/^保\s?存$/));

/** The API's check of a write: the declaration's yup schema, its first failure a 400 naming the field. */
const validated =
  (kind: ResourceKind, mode: 'create' | 'update') =>
  (call: Call): Reply => {
    try {
      resourceSchema(kind, mode).validateSync(call.body, { abortEarly: true, stripUnknown: true });
      return { data: call.body };
    } catch (err) {
      const { errors, path } = err as { errors: string[]; path: string };
      return { status: 400, data: { message: errors[0], field: path } };
    }
  };

describe('the generic edit page', () => {
  it('marks each required field the declaration names, and sends nothing', async () => {
    const api = fakeApi({});
    renderRoutes('/banners/new', RESOURCE_ROUTES);
    await screen.findByText(`新建${RESOURCES.banners.label}`);
    save();
    // What the API's schema says of the same empty record, field by field (the form checks first).
    const refusals = await resourceSchema('banners', 'create')
      .validate(resourceDefaults('banners'), { abortEarly: false })
      .then(
        () => [],
        (err: { inner: { path: string; message: string }[] }) => err.inner,
      );
    const required = RESOURCES.banners.fields.filter((f) => f.required && f.default === undefined);
    expect(refusals.map((r) => r.path).sort()).toEqual(required.map((f) => f.name).sort());
    for (const { path, message } of refusals)
      expect(await within(itemOf(path)).findByText(message)).toBeTruthy();
    expect(api.calls.filter((c) => c.method !== 'GET' && c.path !== '/presence')).toEqual([]);
  });

  it('shows the server’s refusal under the field it names, inside a sub-list too', async () => {
    // The first of the declared sub-list's choices of 栏目.
    const items = resourceDecl('partners').fields.find((f) => f.name === 'items');
    const list = items!.fields![0]!.options![0]!.value;
    const partner = {
      mark: 'demo1',
      slogan: '合作伙伴',
      qrocde: [],
      items: [
        { list: list, title: '条目一', url: '/ok' },
        { list: list, title: '条目二', url: 'javascript:alert(1)' },
      ],
      version: 3,
    };
    const check = validated('partners', 'update');
    const api = fakeApi({
      'GET /partners/:id': () => ({ data: partner }),
      'PUT /partners/:id': check,
    });
    renderRoutes('/partners/demo1', RESOURCE_ROUTES);
    await screen.findByDisplayValue('条目二');
    save();
    await waitFor(() => expect(api.callsTo('PUT /partners/:id')).toHaveLength(1));
    const put = api.callsTo('PUT /partners/:id')[0]!;
    expect(put.body).toMatchObject({ version: 3 });
    const refusal = check(put).data as { message: string; field: string };
    expect(refusal.field).toBe('items[1].url');
    expect(await within(itemOf('items_1_url')).findByText(refusal.message)).toBeTruthy();
    expect(within(itemOf('items_0_url')).queryByText(refusal.message)).toBeNull();
  });
});
