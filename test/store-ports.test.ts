/**
 * Functions of src/platform/ take the storage ports they use (issue 30, ADR 0111 addendum):
 * eslint-rules/store-ports.js refuses an import of the merged StoreTx/StoreReader in a platform file
 * outside its allow-list (shown on fixtures, so that a rule that stopped working would be noticed);
 * no file of src/platform/ outside the list imports them today; and the list may only shrink (a
 * listed file that no longer imports them fails here until its entry is removed).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ruleErrors, sourceFiles } from './helpers/lint-rule.js';
import { MERGED, WHOLE_STORE, checked } from '../eslint-rules/store-ports.js';

const root = path.resolve(import.meta.dirname, '..');
const src = path.join(root, 'src');
/** The length of WHOLE_STORE when the rule came in; lower it as entries go, never raise it. */
const CEILING = 6;

/** The merged types `file` imports from storage/store.js. */
function mergedImports(file: string): string[] {
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const names: string[] = [];
  for (const statement of sf.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const target = path.resolve(path.dirname(file), statement.moduleSpecifier.text);
    if (path.relative(src, target).split(path.sep).join('/') !== 'storage/store.js') continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings))
      for (const element of bindings.elements) {
        const name = (element.propertyName ?? element.name).text;
        if (MERGED.includes(name)) names.push(name);
      }
  }
  return names;
}

describe('the storage ports of src/platform/', () => {
  it.each([
    ['src/platform/gifts/x.ts', "import type { StoreTx } from '../../storage/store.js';", 'StoreTx'],
    [
      'src/platform/chats/x.ts',
      "import { type ChatRow, type StoreReader } from '../../storage/store.js';",
      'StoreReader',
    ],
    ['src/platform/payments/x.ts', "type T = import('../../storage/store.js').StoreTx;", 'StoreTx'],
  ])('refuses %s: %s', async (file, code, name) => {
    const errors = await ruleErrors('store-ports', file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`not the merged ${name}`);
  });

  it.each([
    ['src/platform/gifts/x.ts', "import type { ChatRow, UserRow } from '../../storage/store.js';"],
    ['src/platform/gifts/x.ts', "import type { UsersReader } from '../../storage/ports/users.js';"],
    ['src/platform/assembly/x.ts', "import type { StoreTx } from '../../storage/store.js';"],
    ['src/bot-api/x.ts', "import type { StoreTx } from '../storage/store.js';"],
    [`src/${WHOLE_STORE[0]}`, "import type { StoreTx } from '../../storage/store.js';"],
  ])('allows %s: %s', async (file, code) => {
    expect(await ruleErrors('store-ports', file, code)).toEqual([]);
  });

  it('no file of src/platform/ outside the allow-list imports StoreTx or StoreReader', () => {
    const offenders = sourceFiles(path.join(src, 'platform'))
      .filter((file) => checked(path.relative(src, file)) && mergedImports(file).length > 0)
      .map((file) => path.relative(src, file));
    expect(offenders).toEqual([]);
  });

  it('the allow-list only shrinks: each entry still imports them, and it is no longer than it was', () => {
    expect(WHOLE_STORE.length).toBeLessThanOrEqual(CEILING);
    expect(new Set(WHOLE_STORE).size).toBe(WHOLE_STORE.length);
    const stale = WHOLE_STORE.filter(
      (entry) => !existsSync(path.join(src, entry)) || mergedImports(path.join(src, entry)).length === 0,
    );
    expect(stale).toEqual([]);
  });
});
