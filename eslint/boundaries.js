import boundaries from 'eslint-plugin-boundaries';
import { API_LAYER, apiLayerElement, apiLayerPolicies } from './api-layers.js';

/**
 * Import boundaries of the monorepo (issue 12, "Lint that keeps the house"):
 * - apps never import each other (the gateway hosts the others through their package entries, `api` and
 *   `<app>/server`, and nothing else of theirs);
 * - packages never import apps;
 * - a feature (apps/<app>/app/features/<name>) imports shared code (app/lib, app/components,
 *   app/features/shared, packages), never another feature;
 * - server-only modules never reach a browser module, and components never import `.server` modules
 *   (type-only imports are erased at build time and stay allowed).
 */

/** Workspace packages that are apps: importing them by package name is importing another app. */
const APP_PACKAGES = ['api', 'desktop', 'mobile', 'landing', 'gateway'];
const appSources = APP_PACKAGES.flatMap((name) => [name, `${name}/**`]);
/** Element types that belong to one app (captured as `app`). */
const APP_ELEMENTS = ['app', 'feature', API_LAYER];

/** Modules that only run on the server: never imported (as values) by code that ships to the browser. */
const SERVER_ONLY_IMPORTS = [
  {
    regex: '\\.server(\\.[jt]sx?)?$',
    message:
      '`.server` modules run on the server only: import them from route modules (loaders/actions) or other `.server` modules.',
  },
  {
    regex: '^@portal/(api-client|ui)/server$',
    message: 'A server-only entry: import it from route modules or `.server` modules only.',
  },
  {
    regex: `^(${APP_PACKAGES.join('|')})(/|$)|/apps/`,
    message: 'Browser code never imports an app (the API, the gateway or another site).',
  },
  { regex: '^node:', message: 'Node built-ins never reach a browser bundle.' },
].map((pattern) => ({ ...pattern, allowTypeImports: true }));

const BROWSER_APPS = 'apps/{desktop,mobile,landing}/app';
/** Code that is not a route module, a `.server` module or a test: it may ship to the browser. */
const browserModuleIgnores = [
  `${BROWSER_APPS}/routes/**`,
  `${BROWSER_APPS}/root.tsx`,
  `${BROWSER_APPS}/routes.ts`,
  '**/*.server.{ts,tsx}',
  '**/*.test.{ts,tsx}',
  'packages/ui/src/server/**',
  'packages/api-client/src/server.ts',
  'packages/routes/src/nginx.ts',
];

export default [
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
      'boundaries/elements': [
        // Most specific first: a feature folder of an app, a layer of the API, then the app, then a package.
        { type: 'feature', pattern: 'apps/*/app/features/*', capture: ['app', 'feature'] },
        apiLayerElement,
        { type: 'app', pattern: 'apps/*', capture: ['app'] },
        { type: 'package', pattern: 'packages/*', capture: ['pkg'] },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          // Workspace packages imported by name are "external" to the resolver: check them too.
          checkAllOrigins: true,
          // Last matching policy wins.
          policies: [
            {
              from: { element: { types: APP_ELEMENTS } },
              disallow: {
                to: {
                  element: {
                    types: APP_ELEMENTS,
                    captured: { app: '!{{ from.element.captured.app }}' },
                  },
                },
              },
              message: 'Apps never import each other: move what both need into a package under packages/.',
            },
            {
              from: { element: { types: APP_ELEMENTS } },
              disallow: { dependency: { source: appSources } },
              message: 'Apps never import each other: move what both need into a package under packages/.',
            },
            {
              // The gateway hosts the API and the sites: it loads their public package entries, nothing deeper.
              from: { element: { type: 'app', captured: { app: 'gateway' } } },
              allow: { dependency: { source: ['api', '{desktop,mobile,landing}/server'] } },
            },
            {
              from: { element: { type: 'package' } },
              disallow: [
                { to: { element: { types: APP_ELEMENTS } } },
                { dependency: { source: appSources } },
              ],
              message: 'Packages never import apps: apps depend on packages, not the other way round.',
            },
            {
              from: { element: { type: 'feature' } },
              disallow: {
                to: {
                  element: {
                    type: 'feature',
                    captured: {
                      app: '{{ from.element.captured.app }}',
                      feature: '!({{ from.element.captured.feature }}|shared)',
                    },
                  },
                },
              },
              message:
                'Features never import each other: move what several features need to app/features/shared (or app/lib, or a package).',
            },
            ...apiLayerPolicies,
          ],
        },
      ],
    },
  },
  {
    // Browser modules: everything of the sites and browser packages except route modules, `.server` modules and tests.
    files: [`${BROWSER_APPS}/**/*.{ts,tsx}`, 'packages/{ui,session,routes,api-client}/src/**/*.{ts,tsx}'],
    ignores: browserModuleIgnores,
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: SERVER_ONLY_IMPORTS }] },
  },
  {
    // Components are browser modules wherever they live, route folders included.
    files: [`${BROWSER_APPS}/**/components/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: SERVER_ONLY_IMPORTS }] },
  },
];
