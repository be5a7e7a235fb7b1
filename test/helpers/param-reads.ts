/**
 * Finds the documented parameters a method's handler never reads (ADR 0075): for each declared method
 * with a handler, every string literal of the handler's file and, transitively, of the bot-api/ files
 * it imports, then the declared parameters none of them names. Deliberately generous (a name counts as
 * read if it appears as a string anywhere the handler could reach, whatever reads it), so that what it
 * reports is surely not served; the list of unserved parameters (src/bot-api/declared/unserved.ts) is
 * checked by hand against it, and its guard test fails when a listed name becomes read.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import {
  DECLARED_METHOD_NAMES,
  METHOD_DECLARATIONS,
} from '../../src/bot-api/declared/method-declarations.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SRC = join(ROOT, 'src');
const BOT_API = join(SRC, 'bot-api');
const METHODS_INDEX = join(BOT_API, 'methods/index.ts');

/**
 * Files that hold every parameter's or method's name without reading any: following them would count
 * everything as read (the generated table, the handlers' index, the 501 list of methods).
 */
const NOT_FOLLOWED = [join(BOT_API, 'declared'), METHODS_INDEX, join(BOT_API, 'methods/not-supported.ts')];

interface FileFacts {
  strings: Set<string>;
  /** Imported files of src/bot-api/. */
  imports: string[];
  /** Imported files of src/ outside bot-api/ (the platform's lists of names, ...). */
  outer: string[];
  /** Reads a parameter by a name that is not a literal (`params.bool(key)` over a list of names). */
  dynamic: boolean;
}

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
}

/** The relative import `specifier` of `from` as a .ts file of src/, unless it is not followed. */
function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const file = resolve(dirname(from), specifier.replace(/\.js$/, '.ts'));
  if (!file.startsWith(SRC + '/') || !existsSync(file)) return undefined;
  return NOT_FOLLOWED.some((skip) => file === skip || file.startsWith(skip + '/')) ? undefined : file;
}

/** `params.x(name)` or `ctx.params.x(name)` with a first argument that is not a string literal. */
function isDynamicRead(node: ts.Node): boolean {
  if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return false;
  const receiver = node.expression.expression;
  const named = ts.isIdentifier(receiver)
    ? receiver.text
    : ts.isPropertyAccessExpression(receiver)
      ? receiver.name.text
      : '';
  const first = node.arguments[0];
  return named === 'params' && first !== undefined && !ts.isStringLiteralLike(first);
}

/** Whether `node` is a handler's typed values (define-method.ts): `ctx.values`, `values`. */
const isValues = (node: ts.Expression) =>
  (ts.isIdentifier(node) && node.text === 'values') ||
  (ts.isPropertyAccessExpression(node) && node.name.text === 'values');

/** The parameters read from typed values: `ctx.values.name`, `const { name, x: y } = ctx.values`. */
function valuesRead(node: ts.Node): string[] {
  if (ts.isPropertyAccessExpression(node) && isValues(node.expression)) return [node.name.text];
  if (
    ts.isVariableDeclaration(node) &&
    ts.isObjectBindingPattern(node.name) &&
    node.initializer &&
    isValues(node.initializer)
  ) {
    return node.name.elements.map((element) => (element.propertyName ?? element.name).getText());
  }
  return [];
}

function factsOf(file: string): FileFacts {
  const facts: FileFacts = { strings: new Set(), imports: [], outer: [], dynamic: false };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
      const specifier = node.moduleSpecifier;
      if (specifier && ts.isStringLiteral(specifier)) {
        const target = resolveImport(file, specifier.text);
        if (target) (target.startsWith(BOT_API + '/') ? facts.imports : facts.outer).push(target);
      }
      return;
    }
    if (isDynamicRead(node)) facts.dynamic = true;
    for (const name of valuesRead(node)) facts.strings.add(name);
    // A template's parts count too, generously: `${prefix}_id` would count `_id`.
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) facts.strings.add(node.text);
    ts.forEachChild(node, visit);
  };
  visit(parse(file));
  return facts;
}

/** The handler file of each method the index backs, by the handler's name (= the method's). */
function handlerFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const statement of parse(METHODS_INDEX).statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    const file = resolve(dirname(METHODS_INDEX), statement.moduleSpecifier.text.replace(/\.js$/, '.ts'));
    if (dirname(file) !== dirname(METHODS_INDEX)) continue;
    for (const element of bindings.elements) files.set(element.name.text, file);
  }
  return files;
}

/** Every string literal the handler's file and the bot-api/ files it reaches hold. */
function reachableStrings(handlerFile: string, cache: Map<string, FileFacts>): Set<string> {
  const seen = new Set<string>();
  const strings = new Set<string>();
  const queue = [handlerFile];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    let facts = cache.get(file);
    if (!facts) {
      facts = factsOf(file);
      cache.set(file, facts);
    }
    for (const text of facts.strings) strings.add(text);
    queue.push(...facts.imports);
    // A name read from a list may come from the platform's list: then its files count too.
    if (facts.dynamic || !file.startsWith(BOT_API + '/')) queue.push(...facts.outer);
  }
  return strings;
}

/** Method -> its declared parameters that no reachable string names, for the methods with a handler. */
export function unreadParameters(): Map<string, string[]> {
  const handlers = handlerFiles();
  const cache = new Map<string, FileFacts>();
  const unread = new Map<string, string[]>();
  for (const method of DECLARED_METHOD_NAMES) {
    const file = handlers.get(method);
    if (!file) continue;
    const strings = reachableStrings(file, cache);
    const names = METHOD_DECLARATIONS[method].params.map((p) => p.name).filter((name) => !strings.has(name));
    if (names.length > 0) unread.set(method, names);
  }
  return unread;
}

/** The files (relative to the repository) the handlers reach that read a parameter by a name not written whole. */
export function dynamicReads(): string[] {
  const cache = new Map<string, FileFacts>();
  for (const file of new Set(handlerFiles().values())) reachableStrings(file, cache);
  return [...cache]
    .filter(([, facts]) => facts.dynamic)
    .map(([file]) => relative(ROOT, file))
    .sort();
}
