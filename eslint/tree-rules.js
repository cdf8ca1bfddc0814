import noCycle from './no-cycle.js';
import noDuplicateMessages from './no-duplicate-messages.js';

/**
 * Rules that read the whole tree, not one file: each builds its index once per lint run.
 * - `imports/no-cycle`: no import cycle, type-only imports included (eslint/no-cycle.js);
 * - `messages/no-duplicate`: no user-facing Chinese text written in two source files
 *   (eslint/no-duplicate-messages.js; the rule itself knows which files count).
 */
export default [
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { imports: { rules: { 'no-cycle': noCycle } } },
    rules: { 'imports/no-cycle': 'error' },
  },
  {
    files: ['{apps,packages}/**/*.{ts,tsx,js,mjs}'],
    plugins: { messages: { rules: { 'no-duplicate': noDuplicateMessages } } },
    rules: { 'messages/no-duplicate': 'error' },
  },
];
