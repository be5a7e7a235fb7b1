/**
 * Source files stay short enough to read whole: a file of src/ longer than 400 lines must say why in
 * its first comment block, on a line that starts with `Long because:` (a table, one method per
 * route, ...); otherwise it is split along its seams. Tests (`*.test.ts`), declarations (`*.d.ts`)
 * and generated files (`@generated` in the first comment block) are not counted, nor data files
 * (SQL migrations and the like are not .ts or .js).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '..', 'src');
const MAX_LINES = 400;

/** The sources of src/ that the rule counts, relative to src/. */
function sources(): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(src, { withFileTypes: true, recursive: true })) {
    const name = entry.name;
    if (!entry.isFile() || !/\.(ts|js|mjs|cjs)$/.test(name)) continue;
    if (name.endsWith('.test.ts') || name.endsWith('.d.ts')) continue;
    found.push(path.relative(src, path.join(entry.parentPath, name)));
  }
  return found.sort();
}

/** Lines as an editor numbers them (`wc -l`, plus a last line without a newline). */
function lineCount(text: string): number {
  if (text === '') return 0;
  const lines = text.split('\n');
  return text.endsWith('\n') ? lines.length - 1 : lines.length;
}

/**
 * The lines of a file's first comment block, without their comment marks: a leading block comment,
 * or a leading run of line comments. A shebang line before it is skipped.
 */
function firstComment(text: string): string[] {
  const body = text.replace(/^#!.*\n/, '').trimStart();
  if (body.startsWith('/*')) {
    const end = body.indexOf('*/');
    const block = body.slice(2, end === -1 ? undefined : end);
    return block.split('\n').map((line) => line.replace(/^\s*\*+\s?/, '').trim());
  }
  const lines: string[] = [];
  for (const line of body.split('\n')) {
    const match = /^\s*\/\/\s?(.*)$/.exec(line);
    if (!match) break;
    lines.push(match[1]!.trim());
  }
  return lines;
}

/** The reason a file gives for its length, if its first comment block has one. */
function longBecause(text: string): string | undefined {
  for (const line of firstComment(text)) {
    const match = /^Long because:\s*(\S.*)$/.exec(line);
    if (match) return match[1];
  }
  return undefined;
}

const generated = (text: string) => firstComment(text).some((line) => line.includes('@generated'));

describe('the length of source files', () => {
  it('finds the sources it counts', () => {
    const found = sources();
    expect(found).toContain(path.join('platform', 'assembly', 'platform.ts'));
    expect(found.some((file) => file.endsWith('.test.ts'))).toBe(false);
  });

  it(`keeps every source of src/ within ${MAX_LINES} lines, or has it say why`, () => {
    const offending: string[] = [];
    for (const file of sources()) {
      const text = readFileSync(path.join(src, file), 'utf8');
      const lines = lineCount(text);
      if (lines <= MAX_LINES || generated(text) || longBecause(text) !== undefined) continue;
      offending.push(
        `src/${file}: ${lines} lines; split it, or say why in a "Long because:" line of its header`,
      );
    }
    expect(offending).toEqual([]);
  });

  it('reads the reason from the first comment block only', () => {
    expect(longBecause('/**\n * A table.\n *\n * Long because: one row per code.\n */\nx();\n')).toBe(
      'one row per code.',
    );
    expect(longBecause('// A table.\n// Long because: one row per code.\nx();\n')).toBe('one row per code.');
    expect(longBecause('/** A table. */\n/** Long because: one row per code. */\nx();\n')).toBeUndefined();
    expect(longBecause('/**\n * Long because:\n */\n')).toBeUndefined();
    expect(longBecause('x();\n// Long because: one row per code.\n')).toBeUndefined();
  });

  it('counts lines as an editor numbers them', () => {
    expect(lineCount('a\nb\n')).toBe(2);
    expect(lineCount('a\nb')).toBe(2);
    expect(lineCount('')).toBe(0);
  });
});
