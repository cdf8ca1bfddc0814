import { describe, expect, it } from 'vitest';
import { isSharedPath, matchRoute, resolveRoute } from './resolve';
import {
  API_PREFIX,
  API_PREFIXES,
  PARAM_PATTERNS,
  PREFIX_RULES,
  ROUTES,
  SHARED_PATHS,
  prefixRuleOf,
  underPrefix,
} from './table';

// Issue 11 hole 7: whatever a path carries, a redirect target is plain, encoded ASCII.
const HOSTILE = [
  '/news/1%0d%0aSet-Cookie:%20vw=1',
  '/news/1%0D%0ALocation:%20http://evil.example',
  '/news/%E4%B8%AD',
  '/news/%E4',
  '/news/1%26x=2',
  '/news/1&x=2',
  '/news/1?x',
  '/AI/news/1%0d%0a',
  '/AI/%2e%2e',
  '/partner/%E4',
  '/partner/%zz',
  '/general/1%0a',
];

describe('route parameters (issue 11 hole 7)', () => {
  it('declares a pattern for every parameter of the table', () => {
    for (const rule of ROUTES) {
      for (const seg of rule.pattern.split('/').filter((s) => s.startsWith(':'))) {
        expect(PARAM_PATTERNS[seg.slice(1)], `${rule.pattern}`).toBeDefined();
      }
    }
  });
  it.each(HOSTILE)('%s: no throw, no match with a hostile id, no unsafe redirect', (path) => {
    for (const width of ['wide', 'narrow'] as const) {
      const resolution = resolveRoute(path, '', width);
      if (resolution.redirect) expect(resolution.redirect).toMatch(/^\/[\w\-./?=%]*$/);
    }
    expect(matchRoute(path)?.params.id ?? '0').toMatch(/^\d+$/);
  });
  it('still redirects real ids across widths', () => {
    // A phone on /news/{id} goes to /{category}/news/{id}: the gateway looks the category up.
    const phone = resolveRoute('/news/42', '', 'narrow');
    expect(phone.redirect).toBeUndefined();
    expect(phone.articleId).toBe('42');
    expect(resolveRoute('/AI/news/7', '', 'wide').redirect).toBe('/AI/7');
    expect(resolveRoute('/new_detail', '?id=1%0d%0a', 'wide').redirect).toBe('/news/1%0D%0A');
  });
});

describe('shared paths', () => {
  it('serve a topic page from the app of the width at its own address (no redirect)', () => {
    expect(resolveRoute('/topic/12', '', 'wide')).toEqual({ app: 'desktop' });
    expect(resolveRoute('/topic/12', '', 'narrow')).toEqual({ app: 'mobile' });
    expect(isSharedPath('/topic/12/')).toBe(true);
    expect(isSharedPath('/topic/')).toBe(false);
    expect(isSharedPath('/topic/1%0d%0a')).toBe(false);
    expect(isSharedPath('/topics/12')).toBe(false);
  });
  it('clash with no route of the table', () => {
    for (const pattern of SHARED_PATHS) {
      const sample = pattern.replace(/:(\w+)/g, '1');
      expect(matchRoute(sample), pattern).toBeUndefined();
    }
  });
});

describe('prefix rules', () => {
  it('own the prefix and every path below it, and nothing beside it', () => {
    expect(prefixRuleOf('/admin')?.app).toBe('admin');
    expect(prefixRuleOf('/admin/')?.app).toBe('admin');
    expect(prefixRuleOf('/admin/articles/12')?.app).toBe('admin');
    expect(prefixRuleOf('/admin/api/session')?.app).toBe('admin');
    expect(prefixRuleOf('/administrator')).toBeUndefined();
    expect(prefixRuleOf('/Admin')).toBeUndefined();
    expect(prefixRuleOf('/news/1')).toBeUndefined();
  });
  it('declare /admin with its API and assets inside the prefix', () => {
    const admin = PREFIX_RULES.find((rule) => rule.app === 'admin');
    expect(admin).toEqual({ prefix: '/admin', app: 'admin', api: '/admin/api', assets: '/admin/assets' });
    for (const rule of PREFIX_RULES) {
      expect(underPrefix(rule.api, rule.prefix)).toBe(true);
      expect(underPrefix(rule.assets, rule.prefix)).toBe(true);
    }
    expect(API_PREFIXES).toEqual(['/api', '/admin/api']);
  });
  it('leave no page route, shared path or API under a prefix (a prefix is one app at every width)', () => {
    const pagePaths = [...SHARED_PATHS, ...ROUTES.map((rule) => rule.pattern), API_PREFIX];
    for (const path of pagePaths) expect(prefixRuleOf(path), path).toBeUndefined();
    for (const a of PREFIX_RULES)
      for (const b of PREFIX_RULES) if (a !== b) expect(underPrefix(a.prefix, b.prefix)).toBe(false);
  });
});
