import { tsImport } from 'tsx/esm/api';

/**
 * A page's address is built by `href` of @portal/routes, never written as text (issue 24, "Addresses
 * from the route table"): the builders take each path from the same pattern as its route rule, so
 * a link cannot name a page no app serves, and every value is percent-encoded. The rule reads the
 * route table itself, so a page added to the table is guarded at once.
 */
const { ROUTES, SHARED_PATHS } = await tsImport('../packages/routes/src/table.ts', import.meta.url);

/** The patterns of every page: "/news/:id", "/AI/news/:id", "/topic/:id", "/" … */
const PATTERNS = [...ROUTES.map((rule) => rule.pattern), ...SHARED_PATHS].map((pattern) =>
  pattern.split('/').slice(1),
);

/** The static first segment of every page but the home: "/news", "/video_List", "/rss.xml" … */
const PREFIXES = new Set(
  PATTERNS.map(([first]) => first).filter((first) => first !== '' && !first.startsWith(':')),
);

/** Stands for an expression of a template literal in the text checked. */
const HOLE = '\u0000';

/** Whether a path segment of the text fits a segment of a pattern (a hole fits any). */
const fits = (text, pattern) => pattern.startsWith(':') || text.includes(HOLE) || text === pattern;

/**
 * True when the text is a page's path: it starts with a page's first segment ("/news/12",
 * "/login?tab=register", "/about#contact"), is the home with a query or fragment ("/?tag=2"), or is a
 * template whose fixed words sit where a page's pattern has them (`/${alias}/news/${id}`).
 */
function namesPage(text) {
  if (!text.startsWith('/') || text.startsWith('//')) return false;
  if (/^\/[?#]/.test(text)) return true;
  const segments = text.split(/[?#]/, 1)[0].split('/').slice(1);
  if (PREFIXES.has(segments[0])) return true;
  if (!text.includes(HOLE)) return false;
  return PATTERNS.some(
    (pattern) =>
      pattern.length === segments.length &&
      segments.every((segment, i) => fits(segment, pattern[i])) &&
      segments.some((segment, i) => segment !== '' && segment === pattern[i]),
  );
}

/** Where a bare "/" is the home page's address, not a separator: a link, a navigation, a URL. */
function homeLink(node) {
  const parent = node.parent;
  if (parent.type === 'JSXAttribute') return ['href', 'to', 'action'].includes(parent.name.name);
  if (parent.type === 'NewExpression') return parent.callee.name === 'URL' && parent.arguments[0] === node;
  if (parent.type !== 'CallExpression' || parent.arguments[0] !== node) return false;
  const callee = parent.callee;
  if (callee.type === 'Identifier') return ['navigate', 'redirect'].includes(callee.name);
  return (
    callee.type === 'MemberExpression' &&
    ['assign', 'replace'].includes(callee.property.name) &&
    /location$/.test(callee.object.name ?? callee.object.property?.name ?? '')
  );
}

const MESSAGE = 'Build a page address with `href` from @portal/routes, not as text.';

const noPageLiteral = {
  meta: {
    type: 'problem',
    docs: { description: "Page addresses come from @portal/routes' `href` builders." },
    schema: [],
    messages: { pagePath: MESSAGE },
  },
  create(context) {
    const report = (node) => context.report({ node, messageId: 'pagePath' });
    return {
      Literal(node) {
        if (typeof node.value !== 'string') return;
        if (node.value === '/' ? homeLink(node) : namesPage(node.value)) report(node);
      },
      TemplateLiteral(node) {
        if (node.parent.type === 'TaggedTemplateExpression') return;
        if (namesPage(node.quasis.map((quasi) => quasi.value.cooked ?? '').join(HOLE))) report(node);
      },
    };
  },
};

export default [
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: [
      // The builders' own home.
      'packages/routes/**',
      // Tests and end-to-end specs ask for pages by their addresses on purpose.
      '**/*.test.{ts,tsx,mjs}',
      '**/test/**',
      'e2e/**',
      'bench/**',
      'scripts/**',
      'apps/*/scripts/**',
      // The back office's own router (under /admin: its "/login" is not the site's).
      'apps/admin/**',
      'playwright.config.ts',
    ],
    plugins: { portal: { rules: { 'no-page-literal': noPageLiteral } } },
    rules: { 'portal/no-page-literal': 'error' },
  },
];
