import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { canResource, resourceDefaults, resourceSchema } from '.';

function firstError(fn: () => unknown): ValidationError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ValidationError) return err;
    throw err;
  }
  throw new Error('expected a validation error');
}

describe('schemas derived from the collections', () => {
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
