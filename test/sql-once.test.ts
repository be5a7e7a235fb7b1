/**
 * Each SQL statement once (issue 30, ADR 0109): a statement both adapters run is written once, in
 * src/storage/sql/, and the SQLite and PostgreSQL adapters import it; neither adapter holds a
 * statement text the other holds too. Statements only one adapter runs (its own mechanics: the
 * writer's pipelines, FTS5, advisory locks) stay in that adapter.
 *
 * The test reads every string and template literal of the two adapters (migrations and tests
 * aside), keeps those that are SQL statements, and fails on a text found in both, whitespace aside.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const storage = path.resolve(import.meta.dirname, '../src/storage');

/** A statement's first word, then more of it: a lone word ('update', a job's kind) is not SQL. */
const STATEMENT = /^\s*(SELECT|INSERT|UPDATE|DELETE|WITH|REPLACE)\s/i;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'migrations' ? [] : files(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The SQL statements written in a file, whitespace collapsed; a template's substitutions read `${}`. */
function statements(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    let text: string | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    else if (ts.isTemplateExpression(node))
      text = node.head.text + node.templateSpans.map((span) => '${}' + span.literal.text).join('');
    if (text !== undefined && STATEMENT.test(text)) found.push(text.replace(/\s+/g, ' ').trim());
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function written(adapter: 'sqlite' | 'postgres'): Map<string, Set<string>> {
  const where = new Map<string, Set<string>>();
  for (const file of files(path.join(storage, adapter))) {
    const relative = path.relative(storage, file);
    for (const statement of statements(file)) {
      const set = where.get(statement) ?? new Set<string>();
      set.add(relative);
      where.set(statement, set);
    }
  }
  return where;
}

describe('each SQL statement once', () => {
  const sqlite = written('sqlite');
  const postgres = written('postgres');
  const twice = [...sqlite.keys()].filter((statement) => postgres.has(statement));
  it('finds the adapters’ statements (the reader works)', () => {
    expect(sqlite.size).toBeGreaterThan(20);
    expect(postgres.size).toBeGreaterThan(20);
  });

  it('no statement is written in both adapters', () => {
    const offending = twice.map(
      (statement) => `${[...sqlite.get(statement)!, ...postgres.get(statement)!].join(' + ')}: ${statement}`,
    );
    expect(offending, 'write it once in src/storage/sql/ and import it in both adapters').toEqual([]);
  });
});

describe('the shared statement texts (src/storage/sql/)', () => {
  it('import nothing: they are texts', () => {
    const importing = files(path.join(storage, 'sql')).filter((file) => {
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      return source.statements.some(
        (statement) =>
          ts.isImportDeclaration(statement) ||
          ts.isImportEqualsDeclaration(statement) ||
          (ts.isExportDeclaration(statement) && statement.moduleSpecifier !== undefined),
      );
    });
    expect(importing.map((file) => path.relative(storage, file))).toEqual([]);
  });
});
