/**
 * docs/architecture.md is the newcomer's map (issue 30): it must name every top folder of src/,
 * every feature folder of src/platform/ and every storage port of src/storage/ports/. A folder or a
 * port added without its line in the map fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../', import.meta.url);
const doc = readFileSync(new URL('docs/architecture.md', root), 'utf8');

function folders(path: string): string[] {
  return readdirSync(new URL(path, root), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

function ports(path: string): string[] {
  return readdirSync(new URL(path, root), { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => entry.name.slice(0, -'.ts'.length));
}

/** The names in the first column of the doc's tables (`| name | ...`). */
const tableNames = new Set(
  doc
    .split('\n')
    .map((line) => /^\|\s*([a-z-]+)\s*\|/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined),
);

describe('docs/architecture.md', () => {
  it('names every top folder of src/', () => {
    const missing = folders('src/').filter((name) => !doc.includes(`${name}/`));
    expect(missing).toEqual([]);
  });

  it('names every feature folder of src/platform/', () => {
    const missing = folders('src/platform/').filter((name) => !new RegExp(`\\|\\s+${name}/\\s`).test(doc));
    expect(missing).toEqual([]);
  });

  it('names every storage port, the gateway ports included', () => {
    const all = [...ports('src/storage/ports/'), ...ports('src/storage/ports/gateway/')];
    const missing = all.filter((name) => !tableNames.has(name) && !doc.includes(`storage/ports/${name}.ts`));
    expect(missing).toEqual([]);
  });

  it('links the guides for adding a method and a control route', () => {
    expect(doc).toContain('(adding-a-method.md)');
    expect(doc).toContain('(adding-a-control-route.md)');
  });
});
