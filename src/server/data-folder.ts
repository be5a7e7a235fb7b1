/**
 * The data folder at start (README "Options", docs/adr/0016-data-folder-lock.md): created owner-only
 * (0700, its files 0600), or an existing one tightened; and what a start that fails before it serves
 * takes back, so that a failed start leaves the folder as it found it.
 */
import { existsSync, readdirSync, rmdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { makeOwnerOnly, makePrivateDir } from '../storage/private-files.js';

export interface PreparedDataFolder {
  /** The first folder this start created: the data folder, or a parent of it; undefined if none. */
  createdFrom: string | undefined;
  /** What lost group and other bits. */
  tightened: string[];
  /** What could not be tightened (not its owner), with the reason. */
  untightened: Array<{ path: string; reason: string }>;
}

export function prepareDataFolder(dir: string): PreparedDataFolder {
  const prepared: PreparedDataFolder = { createdFrom: undefined, tightened: [], untightened: [] };
  if (existsSync(dir)) tightenFolder(dir, prepared, true);
  else prepared.createdFrom = makePrivateDir(dir);
  return prepared;
}

/**
 * Takes group and other bits away from `dir` and what it holds. A subfolder (files/) is walked only
 * when it was loose itself: an owner-only folder already keeps what is in it private, and a store of
 * many uploads is then walked once, not at every start.
 */
function tightenFolder(dir: string, prepared: PreparedDataFolder, walk: boolean): void {
  const loose = tighten(dir, prepared);
  if (!loose && !walk) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const entryPath = path.join(dir, entry.name);
    // Symbolic links are not followed: what they point to is not the data folder's.
    if (entry.isDirectory()) tightenFolder(entryPath, prepared, false);
    else if (entry.isFile()) tighten(entryPath, prepared);
  }
}

function tighten(file: string, prepared: PreparedDataFolder): boolean {
  try {
    if (!makeOwnerOnly(file)) return false;
    prepared.tightened.push(file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'EACCES') throw error;
    prepared.untightened.push({ path: file, reason: code });
    return false;
  }
}

/** The names in the folder now, to take back later what a failed start added. */
export function folderEntries(dir: string): Set<string> {
  return new Set(readdirSync(dir));
}

/**
 * Removes what was added to `dir` since `before` was listed. Only while holding the folder's lock:
 * then nothing else writes there.
 */
export function removeAddedEntries(dir: string, before: ReadonlySet<string>): void {
  for (const name of readdirSync(dir)) {
    if (!before.has(name)) rmSync(path.join(dir, name), { recursive: true, force: true });
  }
}

/**
 * Removes the folders a failed start created, from `dir` up to `createdFrom`, as long as they are
 * empty (a folder that holds something now is not this start's to remove).
 */
export function removeCreatedFolders(dir: string, createdFrom: string): void {
  for (let folder = dir; ; folder = path.dirname(folder)) {
    try {
      rmdirSync(folder);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOTEMPTY' || code === 'EEXIST') return;
      if (code !== 'ENOENT') throw error;
    }
    if (folder === createdFrom || path.dirname(folder) === folder) return;
  }
}
