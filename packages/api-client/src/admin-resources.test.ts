import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { RESOURCE_KINDS, RESOURCES, canResource, resourceDefaults, resourceSchema } from './admin-resources';

function firstError(fn: () => unknown): ValidationError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ValidationError) return err;
    throw err;
  }
  throw new Error('expected a validation error');
}

describe('admin resource declarations', () => {
  it('declares every kind of issue 14 with Chinese labels, columns among its fields', () => {
    // Issue 14's 19 kinds and issue 26's sensitive words, their hits and complaints.
    expect(RESOURCE_KINDS).toHaveLength(22);
    for (const kind of RESOURCE_KINDS) {
      const decl = RESOURCES[kind];
      expect(decl.kind).toBe(kind);
      expect(decl.label).toMatch(/[\u4e00-\u9fa5]/);
      const names = new Set<string>(decl.fields.map((f) => f.name));
      for (const c of decl.columns) expect(names.has(c) || c === 'created_at', `${kind}.${c}`).toBe(true);
      if (decl.ordered) expect(names.has('order')).toBe(true);
      if (decl.scheduled) expect(names.has('start_at') && names.has('end_at')).toBe(true);
    }
  });

  it('derives validation naming the field', () => {
    const err = firstError(() =>
      resourceSchema('banners', 'create').validateSync({ banner: '/a.png', url: '/x' }),
    );
    expect(err.path).toBe('title');
    const bad = firstError(() =>
      resourceSchema('banners', 'create').validateSync({
        title: 't',
        banner: 'javascript:alert(1)',
        url: '/',
      }),
    );
    expect(bad.path).toBe('banner');
    const form = firstError(() =>
      resourceSchema('forms', 'create').validateSync({
        activity_id: 1,
        title: 'x',
        form: [{ field_name: 'a', label: 'A', type: 'bogus' }],
      }),
    );
    expect(form.path).toBe('form[0].type');
  });

  it('keeps create-only keys out of updates and fills defaults', () => {
    const parsed = resourceSchema('ads', 'update').validateSync(
      { slot: 3, thumb: '/a.png', url: '/x', title: '广告' },
      { stripUnknown: true },
    );
    expect(parsed).not.toHaveProperty('slot');
    expect(resourceDefaults('banners')).toMatchObject({ place: 'home', cat_id: 0, order: 0 });
  });

  it('grants roles as declared', () => {
    expect(canResource('editor', 'banners', 'write')).toBe(true);
    expect(canResource('reviewer', 'banners', 'read')).toBe(false);
    expect(canResource('editor', 'settings', 'write')).toBe(false);
    expect(canResource('admin', 'audit-log', 'write')).toBe(false);
  });
});
