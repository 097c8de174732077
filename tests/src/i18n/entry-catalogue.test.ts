import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');

/** A relative specifier as the bundler resolves it: the file, or the folder's index. */
function resolve(from: string, specifier: string): string | undefined {
  const base = join(dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(
    (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
  );
}

/**
 * The modules a module loads before it runs: its static imports and re-exports of values. Type-only
 * imports are erased, and `import()` loads later, in a chunk of its own.
 */
function staticImports(path: string): string[] {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest);
  return source.statements.flatMap((statement) => {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          clause.namedBindings &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.length > 0 &&
          clause.namedBindings.elements.every((element) => element.isTypeOnly));
      if (typeOnly) return [];
    } else if (!ts.isExportDeclaration(statement) || statement.isTypeOnly) return [];
    const specifier = (statement.moduleSpecifier as ts.StringLiteral | undefined)?.text;
    if (!specifier?.startsWith('.')) return [];
    const resolved = resolve(path, specifier);
    return resolved ? [resolved] : [];
  });
}

/** Every module of ours the entry chunk holds: what `/login` downloads before it draws. */
function entryModules(): Set<string> {
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    staticImports(path).forEach(visit);
  };
  visit(join(root, 'src/main.tsx'));
  return new Set([...seen].map((path) => relative(root, path)));
}

describe("the sign-in page's catalogue", () => {
  it('is the shell’s texts alone: every other page’s load with that page, not with /login', () => {
    const modules = entryModules();
    expect(modules).toContain('src/pages/login/LoginPage.tsx');
    expect(
      [...modules].filter((path) => /^src\/i18n\/(en|es|react-admin.*|translateMessage)\.ts$/.test(path)),
    ).toEqual([]);
    expect(modules).toContain('src/i18n/en-shell.ts');
  });
});
