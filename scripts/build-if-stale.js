/**
 * `prepare` (run by `npm ci` in a checkout, and by npx the first time `npx parley` is run in one):
 * builds dist/ unless it is newer than every input of the build. npx installs the checkout into its
 * cache as a link and runs `prepare` there, so without this check the first `npx parley ...` after
 * `npm ci` rebuilt everything in silence (17 s or more). `npm run build` always builds;
 * `npm run pack:tarball` too.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** What the build reads: its sources and its configuration. */
export const BUILD_INPUTS = ['src', 'web', 'scripts', 'tsconfig.json', 'tsconfig.build.json', 'package.json'];
/** Written after each build this script runs. */
export const STAMP = path.join('dist', '.built');

/** The newest modification time (ms) under `target`, a file or a folder. */
function newest(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const name of readdirSync(target)) latest = Math.max(latest, newest(path.join(target, name)));
  return latest;
}

/** Whether the build in `root` must run: no stamp, or an input changed after it. */
export function buildIsStale(root) {
  const stamp = path.join(root, STAMP);
  if (!existsSync(stamp)) return true;
  const built = statSync(stamp).mtimeMs;
  return BUILD_INPUTS.some((input) => {
    const target = path.join(root, input);
    return existsSync(target) && newest(target) > built;
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = path.resolve(import.meta.dirname, '..');
  if (buildIsStale(root)) {
    execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build'], {
      cwd: root,
      stdio: 'inherit',
    });
    writeFileSync(path.join(root, STAMP), `${new Date().toISOString()}\n`);
  } else console.log('dist/ is up to date (npm run build rebuilds it)');
}
