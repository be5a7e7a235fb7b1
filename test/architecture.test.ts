/**
 * The layers of docs/architecture.md hold: lint refuses a wrong-way import (shown on fixtures, so
 * that a rule that stopped working would be noticed), and neither src/ nor the web client's web/src/
 * has an import cycle.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ruleErrors } from './helpers/lint-rule.js';
import { LAYERS, layerOf } from '../eslint-rules/layers.js';

const root = path.resolve(import.meta.dirname, '..');
const src = path.join(root, 'src');

const layerErrors = (file: string, code: string) => ruleErrors('layers', file, code, LAYERS);

describe('the layers of src/', () => {
  it.each([
    [
      'src/platform/x.ts',
      "import { callMethod } from '../bot-api/call-method.js';",
      'platform/ may not import bot-api/',
    ],
    [
      'src/platform/x.ts',
      "import { SqliteStore } from '../storage/sqlite/sqlite-store.js';",
      'platform/ may not import storage/sqlite/',
    ],
    [
      'src/platform/core/x.ts',
      "import { callMethod } from '../../bot-api/call-method.js';",
      'platform/ may not import bot-api/',
    ],
    [
      'src/delivery/x.ts',
      "import { Params } from '../bot-api/params.js';",
      'delivery/ may not import bot-api/',
    ],
    ['src/bot-api/x.ts', "export { x } from '../gateway/errors.js';", 'bot-api/ may not import gateway/'],
    [
      'src/cli/commands/x.ts',
      "import type { UserRow } from '../../storage/store.js';",
      'cli/ may not import storage/',
    ],
    [
      'src/storage/x.ts',
      "const m = import('../platform/assembly/platform.js');",
      'storage/ may not import platform/',
    ],
  ])('refuses a wrong-way import in %s', async (file, code, message) => {
    expect((await layerErrors(file, code)).join('\n')).toContain(message);
  });

  it.each([
    ['src/server/x.ts', "import { botApiRoutes } from '../bot-api/bot-api-routes.js';"],
    ['src/bot-api/x.ts', "import { Platform } from '../platform/assembly/platform.js';"],
    ['src/storage/sqlite/x.ts', "import type { ChatRow } from '../ports/chats.js';"],
    ['src/platform/gateway/x.ts', "import { Users } from '../users/users.js';"],
    ['src/platform/chats/x.ts', "import { Users } from '../users/users.js';"],
    ['test/x.ts', "import { SqliteStore } from '../src/storage/sqlite/sqlite-store.js';"],
  ])('allows an import that points down in %s', async (file, code) => {
    expect(await layerErrors(file, code)).toEqual([]);
  });

  it('counts a feature folder of platform/ as platform/', () => {
    expect(layerOf('platform/core/platform.ts')).toBe('platform');
    expect(layerOf('platform/chats/members.ts')).toBe('platform');
    expect(layerOf('platform/gateway/gateway.ts')).toBe('platform');
  });

  it('has no import cycle', () => {
    expect(importCycles(src)).toEqual([]);
  });
});

describe('the web client (web/src/)', () => {
  it('has no import cycle between its files', () => {
    expect(importCycles(path.join(root, 'web/src'))).toEqual([]);
  });

  it('finds a cycle where there is one (the check itself works)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'parley-cycle-'));
    try {
      writeFileSync(path.join(dir, 'a.tsx'), "import { b } from './b.js';\nexport const a = b;\n");
      writeFileSync(path.join(dir, 'b.ts'), "import type { a } from './a.js';\nexport const b = 1;\n");
      expect(importCycles(dir)).toEqual(['a.tsx -> b.ts -> a.tsx']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/**
 * The import cycles among the .ts and .tsx files under `dir` (tests aside), each as a path of
 * files relative to `dir`. An import names its file with `.js`, which stands for either.
 */
function importCycles(dir: string): string[] {
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(full);
    }
  };
  walk(dir);
  const known = new Set(files);
  const imports = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    imports.set(
      file,
      importedFiles
        .filter(({ fileName }) => fileName.startsWith('.'))
        .map(({ fileName }) => path.resolve(path.dirname(file), fileName).replace(/\.js$/, ''))
        .map((base) => [`${base}.ts`, `${base}.tsx`].find((target) => known.has(target)))
        .filter((target): target is string => target !== undefined),
    );
  }
  // Depth-first search; a file met again while it is on the path closes a cycle.
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (file: string, trail: string[]) => {
    state.set(file, 'open');
    for (const target of imports.get(file)!) {
      if (state.get(target) === 'open') {
        const cycle = [...trail.slice(trail.indexOf(target)), file, target];
        cycles.push(cycle.map((f) => path.relative(dir, f)).join(' -> '));
      } else if (!state.has(target)) visit(target, [...trail, file]);
    }
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file, []);
  return cycles;
}
