import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * `messages/no-duplicate`: a user-facing Chinese text is written once (issue 24). The catalogue of
 * messages is packages/api-client/src/messages.ts (`MSG`); a text that belongs to one module (a
 * back-office kind's label, an error code's message, a page title) is exported by that module and
 * imported by the others.
 *
 * The criterion, exactly:
 * - a *message literal* is a string literal or a template literal without `${}`, outside an object
 *   key, whose text holds a CJK ideograph (U+3400–U+9FFF) and is at least MIN_LENGTH characters
 *   long (shorter texts, 提交 or 编辑, are words that repeat by nature);
 * - it is counted in the product's source files: apps/<app>/{app,src} and packages/<pkg>/src, tests,
 *   seeds, migrations, the fuzz package's hostile input and the catalogue itself left out;
 * - the same text in two or more of those files is reported in each of them, naming the others.
 * JSX text (<h2>基本信息</h2>) is markup and is not counted; a JSX attribute's string is.
 *
 * The texts of the other files are read once per lint run (TypeScript's parser, only for files
 * holding CJK at all); the linted file's own texts come from its ESLint tree.
 */

/** Shorter texts are words, not messages. */
const MIN_LENGTH = 4;
const CJK = /[\u3400-\u9fff]/;
const CATALOGUE = 'packages/api-client/src/messages.ts';

/** Whether a file (relative to the repo root, with forward slashes) counts for this rule. */
function isCounted(path) {
  if (!/^(apps\/[^/]+\/(app|src)|packages\/[^/]+\/src)\//.test(path)) return false;
  if (!/\.(ts|tsx|mts|js|mjs)$/.test(path) || path.endsWith('.d.ts')) return false;
  if (/\.(test|spec)\.[a-z]+$/.test(path) || /\/(test|tests|__tests__)\//.test(path)) return false;
  if (path.startsWith('apps/api/src/seed/') || path.includes('/migrations/')) return false;
  return path !== CATALOGUE && !path.startsWith('packages/fuzz/');
}

const isMessageText = (text) => [...text.trim()].length >= MIN_LENGTH && CJK.test(text);

const SKIPPED = new Set(['node_modules', 'dist', 'build', '.react-router', '.turbo']);

/** text → the files (relative paths) writing it; one index per root folder and lint run. */
const indexes = new Map();

function textsOfSource(path, code) {
  const kind = path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(path, code, ts.ScriptTarget.Latest, true, kind);
  const texts = new Set();
  const visit = (node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const parent = node.parent;
      const isKey =
        (ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent)) && parent.name === node;
      if (!isKey && !ts.isTaggedTemplateExpression(parent) && isMessageText(node.text)) texts.add(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}

function indexOf(root) {
  let index = indexes.get(root);
  if (index) return index;
  index = new Map();
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (SKIPPED.has(entry.name)) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(path);
        continue;
      }
      const rel = relative(root, path).split('\\').join('/');
      if (!isCounted(rel)) continue;
      const code = readFileSync(path, 'utf8');
      if (!CJK.test(code)) continue;
      for (const text of textsOfSource(rel, code)) {
        if (!index.has(text)) index.set(text, new Set());
        index.get(text).add(rel);
      }
    }
  };
  for (const top of ['apps', 'packages']) walk(join(root, top));
  indexes.set(root, index);
  return index;
}

export default {
  meta: {
    type: 'suggestion',
    docs: { description: 'Refuse a user-facing Chinese text written in two or more source files.' },
    schema: [],
    messages: {
      duplicate:
        '“{{text}}” is also written in {{others}}: write a user-facing text once ({{catalogue}}, or the module that owns it) and import it.',
    },
  },
  create(context) {
    const path = relative(context.cwd, context.physicalFilename).split('\\').join('/');
    if (!isCounted(path)) return {};
    const index = indexOf(context.cwd);
    const check = (node, text) => {
      if (!isMessageText(text)) return;
      const others = [...(index.get(text) ?? [])].filter((file) => file !== path);
      if (others.length === 0) return;
      context.report({
        node,
        messageId: 'duplicate',
        data: { text, others: others.join(', '), catalogue: CATALOGUE },
      });
    };
    const isKey = (node) =>
      (node.parent.type === 'Property' || node.parent.type === 'TSPropertySignature') &&
      node.parent.key === node &&
      !node.parent.computed;
    return {
      Literal(node) {
        if (typeof node.value === 'string' && !isKey(node)) check(node, node.value);
      },
      TemplateLiteral(node) {
        if (node.expressions.length === 0 && node.parent.type !== 'TaggedTemplateExpression')
          check(node, node.quasis[0].value.cooked ?? '');
      },
    };
  },
};
