import { describe, expect, it } from 'vitest';
import { RESOURCE_KINDS, type ResourceKind } from '@portal/api-client/admin-resources';
import { RESOURCE_PREVIEWS, previewPath } from './previews';
import { isSharedPath, matchRoute, resolveRoute } from './resolve';

const kinds = Object.keys(RESOURCE_PREVIEWS) as ResourceKind[];
/** A key of the record's shape: partners are keyed by their mark, the others by a number. */
const sampleId = (kind: ResourceKind) => (kind === 'partners' ? 'demo1' : '7');

describe('back-office previews (issue 23 item 13)', () => {
  it('names declared kinds only', () => {
    for (const kind of kinds) expect(RESOURCE_KINDS).toContain(kind);
  });

  it.each(kinds)('%s: the preview is a page of the route table', (kind) => {
    const path = previewPath(kind, sampleId(kind));
    expect(path).toMatch(/^\//);
    const { pathname } = new URL(path!, 'http://portal.invalid');
    expect(isSharedPath(pathname) || matchRoute(pathname) !== undefined, path!).toBe(true);
    // A desktop reader (the editor) is not sent elsewhere by it.
    if (!isSharedPath(pathname)) expect(resolveRoute(pathname, '', 'wide').redirect).toBeUndefined();
  });

  it('previews a video on its desktop page, the phone page reached by the width redirect', () => {
    expect(previewPath('videos', 12)).toBe('/videoc?id=12');
    expect(resolveRoute('/videoc', '?id=12', 'narrow').redirect).toBe('/video_detail?id=12');
    expect(resolveRoute('/video_detail', '?id=12', 'wide').redirect).toBe('/videoc?id=12');
  });

  it('previews one record only with its key, and encodes the key', () => {
    expect(previewPath('videos')).toBeNull();
    expect(previewPath('videos', '')).toBeNull();
    expect(previewPath('partners', 'a b&c')).toBe('/partner/a%20b%26c');
    expect(previewPath('forms', '1&x=2')).toBe('/activity/register?id=1%26x%3D2');
    expect(previewPath('banners')).toBe('/');
    expect(previewPath('jobs')).toBe('/recruit');
    expect(previewPath('editors', 1)).toBeNull();
  });
});
