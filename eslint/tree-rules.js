import noCycle from './no-cycle.js';

/**
 * Rules that read the whole tree, not one file: each builds its index once per lint run.
 * - `imports/no-cycle`: no import cycle, type-only imports included (eslint/no-cycle.js).
 */
export default [
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { imports: { rules: { 'no-cycle': noCycle } } },
    rules: { 'imports/no-cycle': 'error' },
  },
];
