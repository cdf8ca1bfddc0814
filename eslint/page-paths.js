import { tsImport } from 'tsx/esm/api';

/**
 * A page's address is built by `href` of @portal/routes, never written as text (issue 24, "Addresses
 * from the route table"): the builders take each path from the same pattern as its route rule, so
 * a link cannot name a page no app serves, and every value is percent-encoded. The rule reads the
 * route table itself, so a page added to the table is guarded at once.
 */
const { ROUTES, SHARED_PATHS } = await tsImport('../packages/routes/src/table.ts', import.meta.url);
/** The back office's own router (served under /admin): its "/login" and "/${kind}" are not the portal's. */
const { default: BACK_OFFICE_ROUTES } = await tsImport('../apps/admin/app/routes.ts', import.meta.url);

/** The patterns of every page: "/news/:id", "/AI/news/:id", "/topic/:id", "/" … */
const PATTERNS = [...ROUTES.map((rule) => rule.pattern), ...SHARED_PATHS].map((pattern) =>
  pattern.split('/').slice(1),
);

/** The static first segment of every page but the home: "/news", "/video_List", "/rss.xml" … */
const PREFIXES = new Set(
  PATTERNS.map(([first]) => first).filter((first) => first !== '' && !first.startsWith(':')),
);

/** The back office's patterns as segments ("articles/:id" → ["articles", ":id"]; the index → [""]). */
const backOfficePatterns = (routes, parent = []) =>
  routes.flatMap((route) => {
    const own = route.index ? [''] : route.path ? route.path.split('/') : [];
    const here = [...parent, ...own];
    return [...(route.path || route.index ? [here] : []), ...backOfficePatterns(route.children ?? [], here)];
  });
const BACK_OFFICE_PATTERNS = backOfficePatterns(BACK_OFFICE_ROUTES).filter((p) => !p.includes('*'));

/** Stands for an expression of a template literal in the text checked. */
const HOLE = '\u0000';

/** Whether a path segment of the text fits a segment of a pattern (a hole fits any). */
const fits = (text, pattern) => pattern.startsWith(':') || text.includes(HOLE) || text === pattern;

/** Whether the segments fit one of the patterns, with at least `words` of their fixed words in place. */
const fitsSome = (patterns, segments, words) =>
  patterns.some(
    (pattern) =>
      pattern.length === segments.length &&
      segments.every((segment, i) => fits(segment, pattern[i])) &&
      segments.filter((segment, i) => segment !== '' && segment === pattern[i]).length >= words,
  );

/** The path's segments without its query and fragment ("/a/b?x#y" → ["a", "b"]). */
const segmentsOf = (path) => path.split(/[?#]/, 1)[0].split('/').slice(1);

/**
 * True when the text is a page's path: it starts with a page's first segment ("/news/12",
 * "/login?tab=register", "/about#contact"), is the home with a query or fragment ("/?tag=2"), or is a
 * template whose fixed words sit where a page's pattern has them (`/${alias}/news/${id}`). A template
 * made only of expressions names a page when its shape is one of two or three segments
 * (`/${alias}/${id}`, `/${a}/${b}/${c}`): every such pattern is a page's, while one segment
 * (`/${key}`, an upload's URL) says nothing. A template that begins with an expression (an origin, a
 * base) names a page when the rest fits a page's pattern with a fixed word in place
 * (`${origin}/news/${id}`).
 */
function namesPage(text) {
  if (text.startsWith(HOLE)) {
    const rest = text.slice(text.indexOf('/'));
    return text.includes('/') && !rest.startsWith('//') && fitsSome(PATTERNS, segmentsOf(rest), 1);
  }
  if (!text.startsWith('/') || text.startsWith('//')) return false;
  if (/^\/[?#]/.test(text)) return true;
  const segments = segmentsOf(text);
  if (PREFIXES.has(segments[0])) return true;
  if (!text.includes(HOLE)) return false;
  if (segments.every((segment) => segment === HOLE)) return segments.length === 2 || segments.length === 3;
  return fitsSome(PATTERNS, segments, 1);
}

/**
 * True when the text is a back-office path: it fits a pattern of the back office's router, where a
 * parameter (":kind", ":id") takes an expression or a word that starts no portal page ("/members/3",
 * `/${kind}/new`, "/login?next=…", "/"). "/news/12" stays a portal page.
 */
function namesBackOfficePage(text) {
  if (!text.startsWith('/')) return false;
  const segments = segmentsOf(text);
  return BACK_OFFICE_PATTERNS.some(
    (pattern) =>
      pattern.length === segments.length &&
      segments.every((segment, i) =>
        pattern[i].startsWith(':')
          ? segment.includes(HOLE) || !PREFIXES.has(segment)
          : segment === pattern[i],
      ),
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
    schema: [
      {
        type: 'object',
        properties: { backOffice: { type: 'boolean' } },
        additionalProperties: false,
      },
    ],
    messages: { pagePath: MESSAGE },
  },
  create(context) {
    // In the back office, its own router's paths are its own; any other page path is the portal's.
    const backOffice = context.options[0]?.backOffice === true;
    const check = (node, text) => {
      if (backOffice && namesBackOfficePage(text)) return;
      if (text === '/' ? homeLink(node) : namesPage(text)) context.report({ node, messageId: 'pagePath' });
    };
    return {
      Literal(node) {
        if (typeof node.value === 'string') check(node, node.value);
      },
      TemplateLiteral(node) {
        if (node.parent.type === 'TaggedTemplateExpression') return;
        check(node, node.quasis.map((quasi) => quasi.value.cooked ?? '').join(HOLE));
      },
    };
  },
};

const IGNORED = [
  // The builders' own home.
  'packages/routes/**',
  // Tests and end-to-end specs ask for pages by their addresses on purpose.
  '**/*.test.{ts,tsx,mjs}',
  '**/test/**',
  'e2e/**',
  'bench/**',
  'scripts/**',
  'apps/*/scripts/**',
  // The apps' routers declare the patterns themselves ("AI/news/:id"); they link to nothing.
  'apps/*/app/routes.ts',
  'playwright.config.ts',
];

const plugins = { portal: { rules: { 'no-page-literal': noPageLiteral } } };

export default [
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: [...IGNORED, 'apps/admin/**'],
    plugins,
    rules: { 'portal/no-page-literal': 'error' },
  },
  {
    files: ['apps/admin/**/*.{ts,tsx,js,mjs}'],
    ignores: IGNORED,
    plugins,
    rules: { 'portal/no-page-literal': ['error', { backOffice: true }] },
  },
];
