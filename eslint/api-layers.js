/**
 * The layers inside the API (issue 24, "Layers inside the API, enforced"): each top-level entry of
 * apps/api/src is one layer, and a layer imports only the layers listed for it here (and itself).
 *
 *   routes → plugins → services → repositories → db → lib   (config.ts: read by all but lib)
 *                    ↘ seed ↗
 *
 * - `lib/` holds plain helpers: it imports no other layer (not config, db, repositories, plugins, routes).
 * - `db/` is the connection, schema, migrations and search index: it never reaches a repository.
 * - routes reach the database through repositories (or services); from `db/` they take types only
 *   (the `Db` handle they pass on), and SQL itself is refused outside repositories, db and seed
 *   (see sqlOutsideRepositories below).
 * - Entry points (app.ts, server.ts, the admin, backup and bench command lines) are in no layer: they
 *   may import every layer, and no layer imports them.
 */

/** What each layer (folder) may import besides itself. A folder not listed (an entry point) is unrestricted. */
export const API_LAYERS = {
  lib: [],
  db: ['lib'],
  repositories: ['db', 'lib'],
  services: ['repositories', 'db', 'lib'],
  // The demo seed writes rows itself, like a migration; plugins/db.ts runs it on an empty database.
  seed: ['repositories', 'db', 'lib'],
  plugins: ['services', 'repositories', 'seed', 'db', 'lib'],
  routes: ['plugins', 'services', 'repositories', 'db', 'lib'],
};

/**
 * The element type of apps/api/src/<layer>/, capturing `app` (always "api") as the other app
 * elements do. The files at the top of apps/api/src are no element (they stay the `app` element):
 * the policies below name them by path.
 */
export const API_LAYER = 'api-layer';
export const apiLayerElement = { type: API_LAYER, pattern: 'apps/(api)/src/*', capture: ['app', 'layer'] };

const layerOf = (layer) => ({ type: API_LAYER, captured: { layer } });
const TOP = 'apps/api/src';
const rule = `the API's layers point one way (eslint/api-layers.js)`;

/** boundaries/dependencies policies: one per layer (its allow-list), the top-level files, the types of db/. */
export const apiLayerPolicies = [
  ...Object.entries(API_LAYERS).map(([layer, below]) => ({
    from: { element: layerOf(layer) },
    disallow: { to: { element: layerOf(`!(${[layer, ...below].join('|')})`) } },
    message: `${TOP}/${layer} imports only ${[...below, ...(layer === 'lib' ? [] : ['config.ts'])].join(', ') || 'itself'} and packages: ${rule}.`,
  })),
  {
    // app.ts and server.ts assemble and start the API: entry points, imported by no layer.
    from: { element: layerOf(`{${Object.keys(API_LAYERS).join(',')}}`) },
    disallow: { to: { file: { path: `**/${TOP}/!(config).ts` } } },
    message: `Only entry points import ${TOP}/app.ts or server.ts: ${rule}.`,
  },
  {
    // config.ts reads the environment (and uses lib's parsers): every layer but lib may read it.
    from: { element: layerOf('lib') },
    disallow: { to: { file: { path: `**/${TOP}/config.ts` } } },
    message: `${TOP}/lib imports only packages and itself: ${rule}.`,
  },
  {
    from: { element: layerOf('routes') },
    disallow: { to: { element: layerOf('db') }, dependency: { kind: 'value' } },
    message: `Routes take types only from db/: they reach the database through repositories (eslint/api-layers.js).`,
  },
];

/** Kysely's query builders and raw SQL: written in repositories, db and seed only. */
const SQL_BUILDERS = '/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)$/';
const SQL_MESSAGE = 'SQL lives in apps/api/src/repositories (or db/, seed/): call a repository function.';

/** A config block that refuses SQL in every API source file outside repositories, db and seed. */
export const sqlOutsideRepositories = {
  files: ['apps/api/src/**/*.ts'],
  ignores: ['apps/api/src/{repositories,db,seed}/**'],
  rules: {
    'no-restricted-syntax': [
      'error',
      { selector: `CallExpression[callee.property.name=${SQL_BUILDERS}]`, message: SQL_MESSAGE },
      { selector: "TaggedTemplateExpression[tag.name='sql']", message: SQL_MESSAGE },
      { selector: "MemberExpression[object.name='sql']", message: SQL_MESSAGE },
      {
        selector: "ImportDeclaration[source.value='kysely'] > ImportSpecifier[imported.name='sql']",
        message: SQL_MESSAGE,
      },
    ],
  },
};
