import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataFolderLocked, DataLock, LOCK_FILE, PID_FILE } from './data-lock.js';

describe('the data folder lock', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'parley-lock-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is held once: a second taker learns the holder, and takes it after the release', async () => {
    const lock = await DataLock.acquire(dir);
    expect(lock.createdFile).toBe(true);
    expect(readFileSync(path.join(dir, PID_FILE), 'utf8')).toBe(`${process.pid}\n`);
    expect(statSync(path.join(dir, LOCK_FILE)).mode & 0o777).toBe(0o600);

    const second = await DataLock.acquire(dir).catch((error: unknown) => error);
    expect(second).toBeInstanceOf(DataFolderLocked);
    expect((second as DataFolderLocked).pid).toBe(process.pid);
    expect((second as DataFolderLocked).message).toBe(
      `the data folder ${dir} is in use by another Parley server (pid ${process.pid})`,
    );

    lock.release();
    expect(existsSync(path.join(dir, PID_FILE))).toBe(false);
    const again = await DataLock.acquire(dir);
    expect(again.createdFile).toBe(false);
    again.release({ removeFile: true });
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it('names no pid when the holder has not written one', async () => {
    const lock = await DataLock.acquire(dir);
    rmSync(path.join(dir, PID_FILE));
    const second = await DataLock.acquire(dir, { pidWaitMs: 50 }).catch((error: unknown) => error);
    expect((second as DataFolderLocked).pid).toBe(undefined);
    expect((second as DataFolderLocked).message).toContain('(pid unknown)');
    lock.release();
  });
});
