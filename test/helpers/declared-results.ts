/**
 * The Bot API's declared types read at run time: src/wire/bot-api-types.ts (generated from the Bot
 * API, ADR 0068) parsed with the TypeScript compiler, so an answer can be held to its method's
 * declared result (`MethodResults`, ADR 0085): every required field there, of its declared kind, in
 * every object it holds. Optional fields may be absent and fields beyond the declaration are allowed
 * (the reference sends some, such as correct_option_id, ADR 0072).
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';

const FILE = new URL('../../src/wire/bot-api-types.ts', import.meta.url);

type Declaration =
  | { kind: 'interface'; fields: ReadonlyMap<string, { optional: boolean; type: ts.TypeNode }> }
  | { kind: 'alias'; type: ts.TypeNode };

function readDeclarations(): ReadonlyMap<string, Declaration> {
  const source = ts.createSourceFile('bot-api-types.ts', readFileSync(FILE, 'utf8'), ts.ScriptTarget.Latest);
  const declarations = new Map<string, Declaration>();
  for (const statement of source.statements) {
    if (ts.isInterfaceDeclaration(statement)) {
      const fields = new Map<string, { optional: boolean; type: ts.TypeNode }>();
      for (const member of statement.members) {
        if (!ts.isPropertySignature(member) || !member.type) continue;
        fields.set(member.name.getText(source), {
          optional: member.questionToken !== undefined,
          type: member.type,
        });
      }
      declarations.set(statement.name.text, { kind: 'interface', fields });
    } else if (ts.isTypeAliasDeclaration(statement)) {
      declarations.set(statement.name.text, { kind: 'alias', type: statement.type });
    }
  }
  return declarations;
}

const DECLARATIONS = readDeclarations();

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What is wrong with `value` as `type`: one line per fault, `path: what`; none when it fits. */
function faults(value: unknown, type: ts.TypeNode, path: string): string[] {
  if (ts.isParenthesizedTypeNode(type)) return faults(value, type.type, path);
  if (ts.isArrayTypeNode(type)) {
    if (!Array.isArray(value)) return [`${path}: not an array`];
    return value.flatMap((item, i) => faults(item, type.elementType, `${path}[${i}]`));
  }
  if (ts.isUnionTypeNode(type)) {
    // The member that fits; else the one that fits best (a ChatMember of the wrong status fails
    // at its status, one of the right status at what it lacks).
    const tries = type.types.map((member) => faults(value, member, path));
    if (tries.some((found) => found.length === 0)) return [];
    return tries.reduce((best, found) => (found.length < best.length ? found : best));
  }
  if (ts.isLiteralTypeNode(type)) {
    const literal = type.literal;
    const expected =
      literal.kind === ts.SyntaxKind.TrueKeyword
        ? true
        : literal.kind === ts.SyntaxKind.FalseKeyword
          ? false
          : ts.isStringLiteral(literal)
            ? literal.text
            : ts.isNumericLiteral(literal)
              ? Number(literal.text)
              : undefined;
    return value === expected ? [] : [`${path}: ${JSON.stringify(value)} is not ${JSON.stringify(expected)}`];
  }
  switch (type.kind) {
    case ts.SyntaxKind.NumberKeyword:
      return typeof value === 'number' ? [] : [`${path}: ${JSON.stringify(value)} is not a number`];
    case ts.SyntaxKind.StringKeyword:
      return typeof value === 'string' ? [] : [`${path}: ${JSON.stringify(value)} is not a string`];
    case ts.SyntaxKind.BooleanKeyword:
      return typeof value === 'boolean' ? [] : [`${path}: ${JSON.stringify(value)} is not a boolean`];
  }
  if (ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName)) {
    const name = type.typeName.text;
    // Record<string, never>: an object that holds nothing yet (ForumTopicClosed, ...).
    if (name === 'Record') return isObject(value) ? [] : [`${path}: not an object`];
    const declaration = DECLARATIONS.get(name);
    if (!declaration) throw new Error(`${name} is not declared in src/wire/bot-api-types.ts`);
    if (declaration.kind === 'alias') return faults(value, declaration.type, path);
    if (!isObject(value)) return [`${path}: not an object (${name})`];
    const found: string[] = [];
    for (const [field, { optional, type: fieldType }] of declaration.fields) {
      if (value[field] === undefined) {
        if (!optional) found.push(`${path}.${field}: missing (required in ${name})`);
      } else found.push(...faults(value[field], fieldType, `${path}.${field}`));
    }
    return found;
  }
  throw new Error(`a type the generated file does not use: ${ts.SyntaxKind[type.kind]}`);
}

/**
 * What `result` lacks or mistypes as the declared result of `method` (MethodResults): one line per
 * fault, such as `result.chat: missing (required in Message)`; empty when it fits.
 */
export function resultFaults(method: string, result: unknown): string[] {
  const results = DECLARATIONS.get('MethodResults');
  if (results?.kind !== 'interface') throw new Error('MethodResults is not declared');
  const declared = results.fields.get(method);
  if (!declared) throw new Error(`${method} has no declared result`);
  return faults(result, declared.type, 'result');
}

/** The same for a value of a declared type (`Update`, `Message`, ...). */
export function typeFaults(typeName: string, value: unknown): string[] {
  return faults(value, ts.factory.createTypeReferenceNode(typeName), typeName);
}
