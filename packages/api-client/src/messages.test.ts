import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { MSG } from './messages';
import * as schemas from './schemas';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Every module a file pulls in when bundled: its static imports, followed through this package's
 * own files (dynamic import() is a separate chunk, so it is not followed). Bare specifiers are
 * leaves ("yup").
 */
function importGraph(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, false);
    for (const { fileName } of info.importedFiles) {
      if (!fileName.startsWith('.')) {
        seen.add(fileName);
        continue;
      }
      const resolved = path.resolve(path.dirname(file), fileName);
      visit(resolved.endsWith('.ts') ? resolved : `${resolved}.ts`);
    }
  };
  visit(entry);
  return seen;
}

describe('the messages catalogue', () => {
  it('loads without yup or the schemas (a page that shows 请先登录 does not download the rules)', () => {
    const graph = [...importGraph(path.join(here, 'messages.ts'))].map((f) =>
      f.startsWith('/') ? path.relative(here, f) : f,
    );
    expect(graph).toContain('messages.ts');
    expect(graph).not.toContain('yup');
    expect(graph).not.toContain('schemas.ts');
    // Only the small modules of plain values.
    expect(graph.sort()).toEqual(['codes.ts', 'constants.ts', 'messages.ts']);
  });

  it('the import graph walk sees yup behind the schemas (the check above can fail)', () => {
    const graph = importGraph(path.join(here, 'schemas.ts'));
    expect(graph.has('yup')).toBe(true);
    expect(graph.has(path.join(here, 'messages.ts'))).toBe(true);
  });

  it('is the one the schemas report with', () => {
    expect(schemas.MSG).toBe(MSG);
    expect(MSG.loginFirst).toBe('请先登录');
  });
});
