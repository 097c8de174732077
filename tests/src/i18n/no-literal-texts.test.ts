import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');

/** The attributes a user reads or hears: labels, titles, placeholders, alternative texts. */
const spokenAttributes = new Set([
  'aria-label',
  'aria-valuetext',
  'alt',
  'title',
  'label',
  'placeholder',
  'helperText',
  'primary',
  'secondary',
  'emptyText',
]);

/** Has a word: a run of two letters (a lone "x" or "+" is a symbol, not English). */
const hasWord = (text: string) => /\p{L}{2,}/u.test(text);

function tsxFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return tsxFiles(path);
    return entry.name.endsWith('.tsx') ? [path] : [];
  });
}

/** Each user-visible literal of a component file: JSX text, and spoken attributes given a string. */
function literalTexts(path: string) {
  const source = ts.createSourceFile(
    path,
    readFileSync(path, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const found: string[] = [];
  const where = (node: ts.Node) =>
    `${relative(root, path)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWord(node.text)) found.push(`${where(node)} ${node.text.trim()}`);
    if (ts.isJsxAttribute(node) && spokenAttributes.has(node.name.getText())) {
      const value = node.initializer;
      const literal =
        value && ts.isStringLiteral(value)
          ? value
          : value && ts.isJsxExpression(value) && value.expression && ts.isStringLiteralLike(value.expression)
            ? value.expression
            : undefined;
      if (literal && hasWord(literal.text))
        found.push(`${where(node)} ${node.name.getText()}="${literal.text}"`);
      const template =
        value && ts.isJsxExpression(value) && value.expression && ts.isTemplateExpression(value.expression)
          ? value.expression
          : undefined;
      const parts = template
        ? [template.head.text, ...template.templateSpans.map((span) => span.literal.text)]
        : [];
      if (parts.some(hasWord))
        found.push(`${where(node)} ${node.name.getText()}={\`${template!.getText()}\`}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * `en.ts` imported by a component is English whatever the user chose; components read
 * `translate()` (react-admin) or `useAppMessages()` (the public pages).
 */
function englishOnlyImports(path: string) {
  const text = readFileSync(path, 'utf8');
  return /from '[./]*\/?i18n\/en'/.test(text) ? [`${relative(root, path)} imports i18n/en`] : [];
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return path.endsWith('i18n') ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Attributes that look spoken but are not: an image field's `title` names the record's property. */
const notTexts = new Set(['src/resources/users/UserForms.tsx title="title"']);

/**
 * Where a module reads a definition's English label (`definition.label.one`, `menu.label`,
 * `fields[name].label`) rather than `resources.<name>.*` through `useResourceText()`.
 */
function englishLabelReads(path: string) {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAccessExpression(node)) {
      const text = node.getText().replace(/\?\./g, '.');
      if (/\.label\.(one|many|toast)$|\.menu\.label$|\.fields\[[^\]]+\]\.label$/.test(text))
        found.push(
          `${relative(root, path)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${text}`,
        );
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The one reader of the English labels, as the fallback of a missing key. */
const labelReaders = new Set(['src/admin/engine/labels.ts']);

describe('user-visible texts come from the catalogue', () => {
  it("no module reads a definition's English labels: names, fields and choices come from resources.<name>", () => {
    const reads = sourceFiles(join(root, 'src'))
      .filter((path) => !labelReaders.has(relative(root, path)))
      .flatMap(englishLabelReads);
    expect(reads).toEqual([]);
  });

  it('no module outside src/i18n reads the English catalogue directly', () => {
    expect(sourceFiles(join(root, 'src')).flatMap(englishOnlyImports)).toEqual([]);
  });

  it('no component under src/ writes one as a string literal', () => {
    const literals = tsxFiles(join(root, 'src'))
      .flatMap(literalTexts)
      .filter((literal) => !notTexts.has(literal.replace(/:\d+ /, ' ')));
    expect(literals).toEqual([]);
  });
});
