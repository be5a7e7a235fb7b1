/**
 * What is kept on disk (the database with bot tokens, webhook secret tokens and URLs with
 * credentials; the admin token; stored uploads) is its owner's alone: folders 0700, files 0600,
 * whatever the umask. Each is created with that mode (a umask only takes bits away, so it is never
 * looser) and then chmod-ed to it (so it is never stricter than the owner needs either).
 */
import { chmodSync, closeSync, fchmodSync, mkdirSync, openSync, statSync } from 'node:fs';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Whether a mode gives anything to the group or to others. */
export function isLoose(mode: number): boolean {
  return (mode & 0o077) !== 0;
}

/**
 * Creates `dir` (and its missing parents) owner-only; an existing one is made so. Returns the first
 * folder it created (`dir` or a parent), as mkdir does, or undefined if `dir` existed.
 */
export function makePrivateDir(dir: string): string | undefined {
  const created = mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if ((statSync(dir).mode & 0o777) !== PRIVATE_DIR_MODE) chmodSync(dir, PRIVATE_DIR_MODE);
  return created;
}

/** Creates `file` empty and owner-only unless it exists; an existing one loses group and other bits. */
export function makePrivateFile(file: string): void {
  let fd: number;
  try {
    fd = openSync(file, 'wx', PRIVATE_FILE_MODE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    makeOwnerOnly(file);
    return;
  }
  try {
    fchmodSync(fd, PRIVATE_FILE_MODE);
  } finally {
    closeSync(fd);
  }
}

/** Takes group and other bits away from an existing file or folder; false if it had none. */
export function makeOwnerOnly(file: string): boolean {
  const mode = statSync(file).mode & 0o777;
  if (!isLoose(mode)) return false;
  chmodSync(file, mode & 0o700);
  return true;
}
