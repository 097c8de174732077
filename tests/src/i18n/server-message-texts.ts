import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const root = join(import.meta.dirname, '../../..');

/**
 * Files whose messages never reach the portal's screens: start-up configuration, the operators'
 * metrics endpoint, Shopify's webhook (Shopify reads its answers), static files' 404.
 */
const notForTheApp = new Set([
  'server/config.ts',
  'server/health/metrics.ts',
  'server/modules/orders/shopify-webhook.ts',
  'server/static.ts',
  'server/seed/index.ts',
]);

/** zod's checks and refinements that take a message. */
const zodChecks = new Set([
  'min',
  'max',
  'length',
  'regex',
  'int',
  'positive',
  'nonnegative',
  'multipleOf',
  'refine',
  'email',
  'url',
  'uuid',
]);

/** Properties whose text is a message: zod's `message`/`error`, the 400 body's `errorMessage`. */
const messageProperties = new Set(['message', 'errorMessage', 'error']);

/** Calls whose message argument reaches a response. */
const messageCalls: Record<string, number> = {
  badRequest: 1,
  HttpError: 1,
  VersionConflict: 0,
  UploadRejected: 0,
};

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return path.endsWith('examples') ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/**
 * A template literal as a message the server could send: a constant number keeps its value, a
 * field's label becomes one (so the label's translation is tried too), anything else a sample.
 */
function sampleOf(node: ts.TemplateExpression, constants: Map<string, ts.Expression>) {
  const valueOf = (expression: ts.Expression) => {
    const constant = ts.isIdentifier(expression) ? constants.get(expression.text) : undefined;
    if (constant && ts.isNumericLiteral(constant)) return constant.text;
    return /label/i.test(expression.getText()) ? 'Name' : '7';
  };
  return (
    node.head.text + node.templateSpans.map((span) => valueOf(span.expression) + span.literal.text).join('')
  );
}

/** The texts an expression can evaluate to: literals, both branches of a condition, a function's result. */
function textsOf(node: ts.Node, constants: Map<string, ts.Expression>, seen = new Set<string>()): string[] {
  if (ts.isStringLiteralLike(node)) return [node.text];
  if (ts.isTemplateExpression(node)) return [sampleOf(node, constants)];
  if (ts.isConditionalExpression(node))
    return [...textsOf(node.whenTrue, constants, seen), ...textsOf(node.whenFalse, constants, seen)];
  if (ts.isParenthesizedExpression(node)) return textsOf(node.expression, constants, seen);
  if (ts.isArrowFunction(node)) return ts.isBlock(node.body) ? [] : textsOf(node.body, constants, seen);
  const name = ts.isIdentifier(node)
    ? node.text
    : ts.isCallExpression(node) && ts.isIdentifier(node.expression)
      ? node.expression.text
      : undefined;
  const constant = name && !seen.has(name) ? constants.get(name) : undefined;
  return constant ? textsOf(constant, constants, new Set([...seen, name!])) : [];
}

/** Every module-level `const name = ...` of the scanned files, to follow a message given by name. */
function constantsOf(sources: ts.SourceFile[]) {
  const constants = new Map<string, ts.Expression>();
  for (const source of sources) {
    for (const statement of source.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && declaration.initializer)
          constants.set(declaration.name.text, declaration.initializer);
      }
    }
  }
  return constants;
}

/** Every `const name = ...` of one file, in functions too: a message built in place and thrown by name. */
function localsOf(source: ts.SourceFile) {
  const locals = new Map<string, ts.Expression>();
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer)
      locals.set(node.name.text, node.initializer);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return locals;
}

/**
 * Every message the contract's schemas and the server can answer with, found in the source:
 * `badRequest(field, text)`, `new HttpError(status, text)`, zod checks' messages, `message`/
 * `errorMessage`/`error` properties, `...Message` constants and the values of a `...Messages` table, following
 * constants and message functions by name. Each with where it was found.
 */
export function serverMessageTexts(): { text: string; where: string }[] {
  const paths = [...sourceFiles(join(root, 'contract')), ...sourceFiles(join(root, 'server'))].filter(
    (path) => !notForTheApp.has(relative(root, path)),
  );
  const sources = paths.map((path) =>
    ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true),
  );
  const constants = constantsOf(sources);
  const found: { text: string; where: string }[] = [];
  for (const source of sources) {
    const inScope = new Map([...constants, ...localsOf(source)]);
    const add = (node: ts.Node) => {
      const where = `${relative(root, source.fileName)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
      for (const text of textsOf(node, inScope)) found.push({ text, where });
    };
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
        const callee = node.expression;
        const name = ts.isIdentifier(callee)
          ? callee.text
          : ts.isPropertyAccessExpression(callee)
            ? callee.name.text
            : '';
        const args = node.arguments ?? [];
        if (ts.isIdentifier(callee) && name in messageCalls && args[messageCalls[name]])
          add(args[messageCalls[name]]);
        if (ts.isPropertyAccessExpression(callee) && zodChecks.has(name)) {
          const last = args[args.length - 1];
          if (last && (ts.isStringLiteralLike(last) || ts.isTemplateExpression(last))) add(last);
        }
      }
      if (
        ts.isPropertyAssignment(node) &&
        (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) &&
        messageProperties.has(node.name.text)
      )
        add(node.initializer);
      if (
        ts.isVariableDeclaration(node) &&
        ts.isIdentifier(node.name) &&
        node.name.text.endsWith('Message') &&
        node.initializer
      )
        add(node.initializer);
      if (
        ts.isVariableDeclaration(node) &&
        ts.isIdentifier(node.name) &&
        node.name.text.endsWith('Messages') &&
        node.initializer &&
        ts.isObjectLiteralExpression(node.initializer)
      ) {
        for (const property of node.initializer.properties)
          if (ts.isPropertyAssignment(property)) add(property.initializer);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}
