/**
 * No cycle between the folders of src/ (issue 30). test/architecture.test.ts finds cycles between
 * files; this one between folders, where a cycle means two parts that cannot be understood or
 * changed apart: the top folders of src/ (the layers), and the feature folders of src/platform/.
 *
 * The platform's folders were one knot of 30 until issue 30's kernel (ADR 0111); none is in a cycle
 * now. TANGLED is the list of folders allowed in one, empty, and the test fails if a folder joins a
 * cycle. Which way the arrows between the platform's folders may point (features to the kernel) is
 * eslint-rules/platform-kernel.js's.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '../src');

/** The platform folders that are in a cycle today: none. The list may only shrink. */
const TANGLED: string[] = [];

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, out);
    else if (entry.name.endsWith('.ts') && !/\.(test|contract)\.ts$/.test(entry.name)) out.push(full);
  }
  return out;
}

/** Folder -> the folders it imports, where `folderOf` names a file's folder (or undefined: left out). */
function folderGraph(folderOf: (file: string) => string | undefined): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(src)) {
    const from = folderOf(file);
    if (from === undefined) continue;
    for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const to = folderOf(path.resolve(path.dirname(file), fileName));
      if (to === undefined || to === from) continue;
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from)!.add(to);
    }
  }
  return graph;
}

/** The strongly connected components of more than one folder (Tarjan). */
function cycles(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

const parts = (file: string) => path.relative(src, file).split(path.sep);

describe('folders of src/', () => {
  it('the top folders import each other without a cycle, the lazy ones included', () => {
    const top = (file: string) => {
      const p = parts(file);
      return p.length > 1 ? p[0] : undefined;
    };
    expect(cycles(folderGraph(top))).toEqual([]);
  });

  it('no platform folder outside the known knot joins a cycle, and the knot only shrinks', () => {
    const feature = (file: string) => {
      const p = parts(file);
      return p[0] === 'platform' && p.length > 2 ? p[1] : undefined;
    };
    const inCycles = cycles(folderGraph(feature)).flat();
    expect(inCycles.filter((folder) => !TANGLED.includes(folder))).toEqual([]);
    // A folder that left the knot: take it out of TANGLED.
    expect(TANGLED.filter((folder) => !inCycles.includes(folder))).toEqual([]);
  });
});
