/**
 * The first hour of a new user, as far as packaging goes (issue 24): in a checkout `npx parley` runs
 * the checkout's own command without building it again (npx links the checkout into its cache and
 * runs its `prepare`, which rebuilt everything: 17 s or more of silence; now scripts/build-if-stale.js
 * skips an up-to-date dist/); a project that depends on Parley installs it without warnings
 * about it: the tarball's package.json has no scripts (npm's allowScripts warning names any package
 * with a `prepare`), and no production dependency asks for a newer Node.js than the one the README
 * names (cookie 2, through light-my-request 6.8, wanted Node 22). The install from a real tarball is
 * test/testkit-pack.test.ts (PARLEY_TEST_PACK=1).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import semver from 'semver';
import { afterAll, describe, expect, it } from 'vitest';
import { buildIsStale, STAMP } from '../scripts/build-if-stale.js';
import { dependentManifest } from '../scripts/dependent-manifest.js';

const root = path.resolve(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  dependencies: Record<string, string>;
  bin: Record<string, string>;
};
const cache = mkdtempSync(path.join(tmpdir(), 'parley-npx-cache-'));
afterAll(() => rmSync(cache, { recursive: true, force: true }));

describe('packaging', () => {
  // After `npm ci` (CI) dist/ is up to date; in a checkout with edits since the last build, npx
  // would rebuild it under the other tests' feet, so the check waits for a build.
  const fresh = !buildIsStale(root);
  if (!fresh)
    console.warn('packaging: dist/ is older than the sources; the npx check is skipped until npm ci');
  it.runIf(fresh)(
    'npx parley in a checkout with a fresh cache runs the command without building again',
    async () => {
      const built = statSync(path.join(root, STAMP)).mtimeMs;
      const env: NodeJS.ProcessEnv = {};
      for (const [key, value] of Object.entries(process.env)) if (!key.startsWith('npm_')) env[key] = value;
      const output = await new Promise<string>((resolve, reject) =>
        execFile(
          'npm',
          ['exec', '--offline', '--cache', cache, '--', 'parley', 'help'],
          { cwd: root, env, timeout: 60_000 },
          (error, stdout, stderr) =>
            error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
        ),
      );
      expect(output).toContain('Usage: parley <command>');
      expect(statSync(path.join(root, STAMP)).mtimeMs).toBe(built);
    },
  );

  it('decides a build is stale by its inputs against the stamp', () => {
    const tree = mkdtempSync(path.join(tmpdir(), 'parley-stale-'));
    try {
      mkdirSync(path.join(tree, 'src'));
      writeFileSync(path.join(tree, 'src', 'a.ts'), '');
      expect(buildIsStale(tree)).toBe(true);
      mkdirSync(path.join(tree, 'dist'));
      writeFileSync(path.join(tree, STAMP), '');
      const later = new Date(Date.now() + 10_000);
      utimesSync(path.join(tree, STAMP), later, later);
      expect(buildIsStale(tree)).toBe(false);
      const latest = new Date(Date.now() + 20_000);
      utimesSync(path.join(tree, 'src', 'a.ts'), latest, latest);
      expect(buildIsStale(tree)).toBe(true);
    } finally {
      rmSync(tree, { recursive: true, force: true });
    }
  });

  it("gives a dependent project the checkout's package.json without scripts or development entries", () => {
    const shipped = dependentManifest(manifest as unknown as Record<string, unknown>);
    expect(shipped).not.toHaveProperty('scripts');
    expect(shipped).not.toHaveProperty('devDependencies');
    expect(shipped).not.toHaveProperty('overrides');
    expect(shipped).toMatchObject({
      name: 'parley-server',
      bin: manifest.bin,
      dependencies: manifest.dependencies,
    });
  });

  it('has no production dependency that refuses the oldest Node.js the README names', () => {
    const minimum = semver.minVersion(manifest.engines.node)!.version;
    const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { dev?: boolean; engines?: { node?: string } | string[] }>;
    };
    const refusing = Object.entries(lock.packages)
      .filter(
        ([name, entry]) => name !== '' && !entry.dev && !Array.isArray(entry.engines) && entry.engines?.node,
      )
      .filter(([, entry]) => !semver.satisfies(minimum, (entry.engines as { node: string }).node))
      .map(([name, entry]) => `${name} (node ${(entry.engines as { node: string }).node})`);
    expect(refusing).toEqual([]);
  });
});
