import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * `house/no-cycle`: no import cycle anywhere in the tree, type-only imports included (issue 24).
 *
 * Why not eslint-plugin-import-x's no-cycle: it skips every `import type` (and every type-only
 * module on the way), while a type cycle ties two modules together as firmly as a value one: neither
 * can move, split or be read without the other. And it walks the graph again from every file.
 *
 * So this rule builds the module graph once per lint run: each source file's imports, read by
 * TypeScript's own pre-processor (static and type-only imports, re-exports, `import()`), resolved as
 * tsc resolves them (workspace packages through their package.json exports, to their sources). A
 * file then reports each of its imports from which the graph leads back to the file itself, with the
 * way round.
 */

/** Folders that hold no hand-written source: dependencies, build output, generated route types, data. */
const SKIPPED = new Set([
  'node_modules',
  'dist',
  'build',
  '.react-router',
  '.turbo',
  '.git',
  '.tools',
  'data',
  'test-results',
  'playwright-report',
]);
const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;

const COMPILER_OPTIONS = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowJs: true,
  resolveJsonModule: true,
};

/** One graph per root folder and lint run (the rule's own state, so editors see a fresh one per run). */
const graphs = new Map();

function sourceFiles(root) {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (SKIPPED.has(entry.name)) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(path);
    }
  };
  walk(root);
  return files;
}

function graphOf(root) {
  let graph = graphs.get(root);
  if (graph) return graph;
  const files = new Set(sourceFiles(root));
  const cache = ts.createModuleResolutionCache(root, (name) => name, COMPILER_OPTIONS);
  /** The source file an import specifier names, or null (a dependency, a built-in, nothing). */
  const resolve = (specifier, from) => {
    const found = ts.resolveModuleName(specifier, from, COMPILER_OPTIONS, ts.sys, cache).resolvedModule;
    return found && files.has(found.resolvedFileName) ? found.resolvedFileName : null;
  };
  /** Who imports each file: the graph walked backwards. */
  const importers = new Map();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      const target = resolve(fileName, file);
      if (!target) continue;
      if (!importers.has(target)) importers.set(target, new Set());
      importers.get(target).add(file);
    }
  }
  graph = { root, resolve, importers };
  graphs.set(root, graph);
  return graph;
}

/** Every file from which `file` can be reached: its importers, theirs, and so on. */
function reaching(graph, file) {
  const seen = new Set();
  const queue = [file];
  while (queue.length > 0) {
    for (const importer of graph.importers.get(queue.pop()) ?? []) {
      if (seen.has(importer)) continue;
      seen.add(importer);
      queue.push(importer);
    }
  }
  return seen;
}

/** The shortest way from `start` back to `file`, through files that reach `file` (breadth first). */
function wayBack(graph, start, file, within) {
  const next = new Map([[file, null]]);
  const queue = [file];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === start) break;
    for (const importer of graph.importers.get(current) ?? []) {
      if (next.has(importer) || !within.has(importer)) continue;
      next.set(importer, current);
      queue.push(importer);
    }
  }
  const way = [];
  for (let at = start; at; at = next.get(at)) way.push(relative(graph.root, at));
  return way;
}

/** The module specifier of an import-like node, when it is a plain string. */
function specifierOf(node) {
  const source = node.type === 'TSImportType' ? (node.argument?.literal ?? node.argument) : node.source;
  return source?.type === 'Literal' && typeof source.value === 'string' ? source.value : null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Refuse import cycles, type-only imports included.' },
    schema: [],
    messages: {
      cycle:
        'Import cycle: {{way}}. Type-only imports count: move what both sides need into a module that imports neither.',
    },
  },
  create(context) {
    const file = context.physicalFilename;
    const graph = graphOf(context.cwd);
    let within = null;
    const check = (node) => {
      const specifier = specifierOf(node);
      const target = specifier && graph.resolve(specifier, file);
      if (!target || target === file) return;
      within ??= reaching(graph, file);
      if (!within.has(target)) return;
      const way = [relative(graph.root, file), ...wayBack(graph, target, file, within)];
      context.report({ node, messageId: 'cycle', data: { way: way.join(' → ') } });
    };
    return {
      ImportDeclaration: check,
      ExportAllDeclaration: check,
      ExportNamedDeclaration: check,
      ImportExpression: check,
      TSImportType: check,
    };
  },
};
