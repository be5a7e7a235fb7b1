/**
 * `npm run pack:tarball`: builds Parley and packs it as a project that depends on it should install
 * it (README "Using Parley from another project"), into ./parley-server-<version>.tgz. Unlike a plain
 * `npm pack`, the tarball's package.json is scripts/dependent-manifest.js's, so installing it prints
 * no warning about Parley. The files are those of package.json's "files", copied to a staging folder.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dependentManifest } from './dependent-manifest.js';

const root = path.resolve(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

if (!process.argv.includes('--no-build'))
  execFileSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });
const stage = mkdtempSync(path.join(tmpdir(), 'parley-pack-'));
try {
  for (const entry of manifest.files)
    cpSync(path.join(root, entry), path.join(stage, entry), { recursive: true });
  writeFileSync(
    path.join(stage, 'package.json'),
    `${JSON.stringify(dependentManifest(manifest), null, 2)}\n`,
  );
  const out = execFileSync(npm, ['pack', '--json', '--ignore-scripts', '--pack-destination', root], {
    cwd: stage,
    encoding: 'utf8',
  });
  const [{ filename }] = JSON.parse(out);
  console.log(path.join(root, filename));
} finally {
  rmSync(stage, { recursive: true, force: true });
}
