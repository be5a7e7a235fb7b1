/**
 * `parley start`: runs the server until SIGINT or SIGTERM, then stops gracefully (in-flight requests
 * finish, workers stop, the database closes, the data folder's lock is released).
 *
 * Start-up, with a data folder:
 *   1. the folder is created owner-only, or an existing one is tightened (data-folder.ts);
 *   2. its lock is taken (data-lock.ts): a second server on the folder stops here, having written
 *      nothing;
 *   3. storage opens, the app is built, the port is bound;
 *   4. only then is a generated admin token written, and the server says it is ready, with the line
 *      to paste for the CLI (ready-message.ts).
 * With `:memory:` there is no folder: steps 1, 2 and the token file are skipped, and a generated
 * token is printed in that line instead (nothing is left behind when the server stops).
 * A start that fails in 3 closes what it opened (the store and its checkpoint worker) and takes back
 * what it added to the folder, so that it exits at once and leaves the folder as it found it.
 */
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { DEFAULT_GATEWAY_PATH, redactPassword, type Config } from '../config/config.js';
import { cryptoRandom } from '../platform/core/random.js';
import { PlatformError } from '../platform/core/errors.js';
import { importWorld } from '../platform/world/world-import.js';
import { makePrivateDir, PRIVATE_FILE_MODE } from '../storage/private-files.js';
import { createParley, type Parley } from './app.js';
import { folderEntries, prepareDataFolder, removeAddedEntries, removeCreatedFolders } from './data-folder.js';
import { DataLock } from './data-lock.js';
import { readyMessage, type AdminTokenSource } from './ready-message.js';
import { createLogger } from './logger.js';

/** The file, inside the data folder, that holds a generated admin token (the CLI reads it). */
const ADMIN_TOKEN_FILE = 'admin-token';

export interface AdminToken {
  token: string;
  /**
   * Where it is (or, if `generated`, will be) written: `<data>/admin-token`. Undefined when it was
   * given, and for `:memory:`, whose generated token is printed instead of written (ready-message.ts).
   */
  file: string | undefined;
  /** A new token, to be written to `file` (if any) once the server listens. */
  generated: boolean;
}

/**
 * The admin token: the configured one, or the one generated earlier for this data folder, or a new
 * one. A new one is written by `writeAdminToken` to `<data>/admin-token` (mode 0600), where the CLI
 * finds it, once the server listens: a start that fails leaves no token behind. A `:memory:` server
 * writes none: a file would outlive the throwaway server, in a place the CLI does not look.
 */
export function resolveAdminToken(config: Config): AdminToken {
  if (config.adminToken !== undefined) return { token: config.adminToken, file: undefined, generated: false };
  if (config.storage.kind !== 'sqlite') {
    return { token: cryptoRandom.token(40), file: undefined, generated: true };
  }
  const file = path.join(config.storage.dataDir, ADMIN_TOKEN_FILE);
  if (existsSync(file)) {
    const token = readFileSync(file, 'utf8').trim();
    if (token.length >= 16) return { token, file, generated: false };
  }
  return { token: cryptoRandom.token(40), file, generated: true };
}

/** How the CLI gets the token: from its file, from the printed line, or from whoever gave it. */
export function adminTokenSource(config: Config, admin: AdminToken): AdminTokenSource {
  if (admin.file !== undefined && config.storage.kind === 'sqlite') {
    return { kind: 'file', file: admin.file, dataDir: config.storage.dataDir };
  }
  if (!admin.generated) return { kind: 'given' };
  return config.storage.kind === 'postgres'
    ? { kind: 'shared', token: admin.token }
    : { kind: 'printed', token: admin.token };
}

export function writeAdminToken({ token, file, generated }: AdminToken): void {
  if (!generated || file === undefined) return;
  makePrivateDir(path.dirname(file));
  writeFileSync(file, `${token}\n`, { mode: PRIVATE_FILE_MODE });
  chmodSync(file, PRIVATE_FILE_MODE);
}

export interface RunOptions {
  /** `start --import FILE`: a world file to import before the server listens (ADR 0102). */
  world?: { file: string; text: string };
}

export async function runServer(config: Config, options: RunOptions = {}): Promise<void> {
  const log = createLogger(config.logLevel);
  const { parley, address, admin, release } = await start(config, log, options);

  const ready = readyMessage({
    profile: config.profile,
    data: redactPassword(config.data),
    address,
    gatewayPath: config.gatewayPath ?? DEFAULT_GATEWAY_PATH,
    // A database shared by nodes keeps the token the first node stored (app.ts); print that one.
    admin: adminTokenSource(config, { ...admin, token: parley.adminToken }),
  });
  process.stdout.write(`${ready}\n`);

  await new Promise<void>((resolve) => {
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      parley.app.log.info({ signal }, 'stopping');
      parley
        .close()
        .catch((error: unknown) => parley.app.log.error({ err: error }, 'error while stopping'))
        .finally(() => {
          release();
          process.off('SIGINT', onInt);
          process.off('SIGTERM', onTerm);
          resolve();
        });
    };
    const onInt = () => stop('SIGINT');
    const onTerm = () => stop('SIGTERM');
    process.on('SIGINT', onInt);
    process.on('SIGTERM', onTerm);
  });
  process.stdout.write('Parley stopped\n');
}

interface Started {
  parley: Parley;
  address: string;
  admin: AdminToken;
  /** Releases the data folder's lock, after parley.close(). */
  release(): void;
}

/** Steps 1 to 4 of the header; on failure, everything opened is closed and what was added removed. */
async function start(config: Config, log: Logger, options: RunOptions): Promise<Started> {
  const dataDir = config.storage.kind === 'sqlite' ? config.storage.dataDir : undefined;
  let lock: DataLock | undefined;
  let createdFrom: string | undefined;
  let entries: Set<string> | undefined;
  if (dataDir !== undefined) {
    const folder = prepareDataFolder(dataDir);
    createdFrom = folder.createdFrom;
    if (folder.tightened.length > 0) {
      log.warn(
        { dataDir, tightened: folder.tightened.length, first: folder.tightened.slice(0, 5) },
        'the data folder was readable by others: made it owner-only (folders 0700, files 0600)',
      );
    }
    if (folder.untightened.length > 0) {
      log.warn({ dataDir, untightened: folder.untightened }, 'could not make these owner-only');
    }
    lock = await DataLock.acquire(dataDir);
    entries = folderEntries(dataDir);
  }

  let parley: Parley | undefined;
  try {
    const admin = resolveAdminToken(config);
    parley = await createParley({ config, adminToken: admin.token, log });
    if (options.world) await importAtStart(parley, options.world, log);
    const address = await listen(parley, config);
    writeAdminToken(admin);
    parley.startWorkers();
    const held = lock;
    return { parley, address, admin, release: () => held?.release() };
  } catch (error) {
    await parley?.close().catch(() => undefined);
    if (dataDir !== undefined && lock !== undefined && entries !== undefined) {
      // Still holding the lock: nothing else writes in the folder.
      removeAddedEntries(dataDir, entries);
      lock.release({ removeFile: lock.createdFile });
      if (createdFrom !== undefined) removeCreatedFolders(dataDir, createdFrom);
    }
    throw error;
  }
}

/**
 * Imports the world file of `start --import` into the fresh store, before the port is bound: a file
 * with problems stops the start with them (WORLD_INVALID), leaving the folder as a failed start does.
 */
async function importAtStart(
  parley: Parley,
  world: NonNullable<RunOptions['world']>,
  log: Logger,
): Promise<void> {
  try {
    const made = await importWorld(parley.platform, { text: world.text });
    log.info(
      { file: world.file, people: made.people.length, bots: made.bots.length, chats: made.chats.length },
      'world imported',
    );
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    throw Object.assign(new Error(`${world.file}: ${error.message}`), { code: 'WORLD_INVALID' });
  }
}

/** Binds the port; an address that cannot be had is said in one line (the CLI adds the code). */
async function listen(parley: Parley, config: Config): Promise<string> {
  try {
    return await parley.app.listen({ host: config.host, port: config.port });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const where = `port ${config.port} on ${config.host}`;
    const message =
      code === 'EADDRINUSE'
        ? `${where} is in use`
        : code === 'EACCES'
          ? `${where} is not allowed to this user`
          : code === 'EADDRNOTAVAIL'
            ? `${config.host} is not an address of this machine`
            : undefined;
    if (message === undefined) throw error;
    throw Object.assign(new Error(message, { cause: error }), { code });
  }
}
