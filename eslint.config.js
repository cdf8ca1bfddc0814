import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import regexp from 'eslint-plugin-regexp';
import houseBoundaries from './eslint/boundaries.js';
import pagePaths from './eslint/page-paths.js';
import { sqlOutsideRepositories } from './eslint/api-layers.js';
import treeRules from './eslint/tree-rules.js';

/** Fields of the API that hold a status or a flag: never compared with a bare number in UI code. */
const STATUS_FIELDS =
  '/^(status|is_free|video_type|is_push|is_show|is_input|is_mark|is_require|is_submit|is_privacy|code)$/';

/** One lint config for the whole monorepo. */
export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/build/**',
      '**/.react-router/**',
      '**/.turbo/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // React code (every React Router app's app/ and the packages). Hooks live in .ts files too
    // (useInfiniteScroll.ts, usePaperPdf.ts …): the rules of hooks apply there as well.
    files: ['apps/*/app/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Regexes run over user input: no pattern may backtrack super-linearly (issue 11, hole 1).
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
      'regexp/no-misleading-capturing-group': 'error',
    },
  },
  {
    // Accessibility of the markup on every site and in the shared components.
    files: ['apps/*/app/**/*.tsx', 'packages/*/src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // Formik's <Field> renders the <input>: a label that wraps it labels a real control.
      'jsx-a11y/label-has-associated-control': ['error', { controlComponents: ['Field'], depth: 3 }],
    },
  },
  {
    // Issue 12: status values are named constants per domain (@portal/api-client/constants), and a UI
    // file takes the messages catalogue from @portal/api-client/messages, not from the yup schemas.
    files: ['apps/{desktop,mobile,landing,admin}/app/**/*.{ts,tsx}', 'packages/ui/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `BinaryExpression[operator=/^[!=]==$/][left.property.name=${STATUS_FIELDS}][right.type='Literal'][right.raw=/^\\d{1,2}$/]`,
          message: 'Compare status values with a named constant from @portal/api-client/constants.',
        },
        {
          selector: `BinaryExpression[operator=/^[!=]==$/][left.property.name=${STATUS_FIELDS}][right.type='UnaryExpression']`,
          message: 'Compare status values with a named constant from @portal/api-client/constants.',
        },
        {
          selector:
            "ImportDeclaration[source.value='@portal/api-client/schemas'] > ImportSpecifier[imported.name='MSG']",
          message: 'Import MSG from @portal/api-client/messages (it loads without yup).',
        },
      ],
    },
  },
  ...houseBoundaries,
  ...pagePaths,
  sqlOutsideRepositories,
  ...treeRules,
);
