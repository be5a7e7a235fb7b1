/**
 * The open workspaces of this server (ADR 0061, ADR 0064): each is opened on its first use (a
 * request, a control call, or a wake when its work is due), and closed (its storage and workers)
 * once idle for the idle time with no request in flight and no work due within that time. One whose
 * work falls due while it is closed is woken then (workspace-wakes.ts); the time is recorded where a
 * restart finds it (workspace-registry.ts). Throwaway (`:memory:`) workspaces never close: closing one
 * would lose it.
 *
 * Every operation on one name (open, close, create, reset, delete) runs after the previous one on that
 * name (`serial`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_WORKSPACE_IDLE_MS, type Config } from '../config/config.js';
import { listWorkspaceStorage, workspaceStorage, workspaceStorageExists } from './workspace-storage.js';
import { WorkspaceRegistry, type RegistryStore } from './workspace-registry.js';
import { WorkspaceWakes } from './workspace-wakes.js';
import { WORKSPACE_NAME } from '../wire/control-schema/index.js';
import { randomHex } from './random-hex.js';

/** What the pool needs of a built Parley (app.ts builds it with `createParley`). */
export interface WorkspaceParley {
  /** Answers one request as this Parley's own server would (its lanes, then its Fastify app). */
  handle(request: IncomingMessage, response: ServerResponse): void;
  adminToken: string;
  /** When it was created (real Unix s): the time its settings keep, or the one it was built with. */
  createdAt: number;
  startWorkers(): void;
  /** When its background work is next due (real ms), or undefined: none (next-work.ts). */
  nextWorkAt(): Promise<number | undefined>;
  close(): Promise<void>;
}

/**
 * Builds the Parley of a workspace: its config, and the admin token and creation time (real Unix s)
 * to keep if its store has none (both in the one write that opens it: issue 28).
 */
export type BuildWorkspace = (
  config: Config,
  adminToken: string,
  log: FastifyBaseLogger,
  createdAt: number,
) => Promise<WorkspaceParley>;

export interface Instance {
  parley: WorkspaceParley;
  createdAt: number;
  workersStarted: boolean;
  /** Requests being answered (a parked long poll is one): the workspace is not idle meanwhile. */
  active: number;
  /** When its last request ended (real ms). */
  lastUsed: number;
}

export interface WorkspacePoolOptions {
  /** The server's config (its storage is the base of the workspaces' storage). */
  config: Config;
  build: BuildWorkspace;
  log: FastifyBaseLogger;
  /** The default workspace's store, whose settings remember each workspace (workspace-registry.ts). */
  registry: RegistryStore;
  /** The server's files folder: a `:memory:` workspace's uploads go under it (workspace-storage.ts). */
  filesDir: string;
  /** Real time in ms (the idle time and the wakes; not a workspace's virtual clock). */
  now: () => number;
}

export class WorkspacePool {
  /** Open workspaces (or being opened), by name. */
  readonly #open = new Map<string, Promise<Instance | undefined>>();
  /** The same once opened, to tell at once whether a request's instance is still the open one. */
  readonly #ready = new Map<string, Instance>();
  /** Workspaces being closed (still open as far as anyone can tell). */
  readonly #closing = new Map<string, Promise<void>>();
  /** The last operation of each name, which the next one waits for. */
  readonly #chains = new Map<string, Promise<unknown>>();
  readonly #registry: WorkspaceRegistry;
  readonly #wakes: WorkspaceWakes;
  readonly #idleMs: number;
  /** Whether workspaces outlive being closed (not `:memory:`), and so may close when idle. */
  readonly persistent: boolean;
  #sweep: NodeJS.Timeout | undefined;
  #sweeping = false;
  #started = false;
  #closed = false;

  constructor(private readonly options: WorkspacePoolOptions) {
    this.#registry = new WorkspaceRegistry(options.registry);
    this.#wakes = new WorkspaceWakes(options.now, (name) => this.#wake(name));
    this.#idleMs = options.config.workspaceIdleMs ?? DEFAULT_WORKSPACE_IDLE_MS;
    this.persistent = options.config.storage.kind !== 'sqlite-memory';
  }

  /** Whether `name` is open here (or being opened or closed). */
  isOpen(name: string): boolean {
    return this.#open.has(name) || this.#closing.has(name);
  }

  /** Whether `name` exists, without opening it. */
  async exists(name: string): Promise<boolean> {
    if (!WORKSPACE_NAME.test(name)) return false;
    return this.#open.has(name) || (await workspaceStorageExists(this.options.config.storage, name));
  }

  /** Every workspace's name: the storage's, and the open ones (the only ones of `:memory:`). */
  async names(): Promise<Set<string>> {
    return new Set([...(await listWorkspaceStorage(this.options.config.storage)), ...this.#open.keys()]);
  }

  /** Its creation time if open, or as recorded (undefined: never recorded), without opening it. */
  async createdAt(name: string): Promise<number | undefined> {
    const open = await this.#open.get(name)?.catch(() => undefined);
    if (open !== undefined) return open.createdAt;
    return this.persistent ? this.#registry.createdAt(name) : undefined;
  }

  /**
   * The open workspace to use, opened if it exists. One that closed between its lookup and now (idle)
   * is opened again: the caller then waits for the close, not fails on a closed store.
   */
  async use(name: string): Promise<Instance | undefined> {
    if (!WORKSPACE_NAME.test(name)) return undefined;
    for (let tries = 0; tries < 3; tries++) {
      const instance = await this.#instance(name);
      if (instance === undefined || this.#ready.get(name) === instance) return instance;
    }
    throw new Error(`the workspace "${name}" closed as it was opened, three times`);
  }

  /** The open workspace, opening it if its storage exists (another node may have made it). */
  #instance(name: string): Promise<Instance | undefined> {
    const open = this.#open.get(name);
    if (open !== undefined) return open;
    if (this.#closed) return Promise.resolve(undefined);
    return this.serial(name, async () => {
      const again = this.#open.get(name);
      if (again !== undefined) return again;
      if (!(await workspaceStorageExists(this.options.config.storage, name))) return undefined;
      return this.open(name, undefined);
    });
  }

  /**
   * Opens `name` on its storage (new when `created` is given), kept in the map while it opens; a
   * failed opening is dropped so that the next use tries again. Called within `serial(name)`.
   */
  open(name: string, created: { adminToken: string; at: number } | undefined): Promise<Instance> {
    const opening = this.#openInstance(name, created);
    this.#open.set(name, opening);
    opening.catch(() => {
      if (this.#open.get(name) === opening) this.#open.delete(name);
    });
    return opening;
  }

  async #openInstance(
    name: string,
    created: { adminToken: string; at: number } | undefined,
  ): Promise<Instance> {
    const { config, build, log } = this.options;
    const workspaceConfig: Config = {
      ...config,
      storage: workspaceStorage(config.storage, name, this.options.filesDir),
      data: `${config.data}#workspace=${name}`,
      // The server's token is the operator's; the workspace keeps its own (app.ts storedAdminToken).
      adminToken: undefined,
      metricsPort: undefined,
    };
    const parley = await build(
      workspaceConfig,
      created?.adminToken ?? randomHex(40),
      log.child({ workspace: name }),
      created?.at ?? Math.floor(Date.now() / 1000),
    );
    try {
      const { createdAt } = parley;
      if (this.persistent) {
        this.#wakes.cancel(name);
        await this.#registry.opened(name, createdAt);
      }
      const instance: Instance = {
        parley,
        createdAt,
        workersStarted: false,
        active: 0,
        lastUsed: this.options.now(),
      };
      this.#ready.set(name, instance);
      if (this.#started) this.#startWorkers(instance);
      return instance;
    } catch (error) {
      await parley.close().catch(() => undefined);
      throw error;
    }
  }

  #startWorkers(instance: Instance): void {
    if (instance.workersStarted) return;
    instance.workersStarted = true;
    instance.parley.startWorkers();
  }

  /** Closes this process's copy of the workspace, if open. Called within `serial(name)`. */
  async letGo(name: string): Promise<void> {
    const open = this.#open.get(name);
    this.#open.delete(name);
    this.#ready.delete(name);
    if (open === undefined) return;
    const closing = open.catch(() => undefined).then((instance) => instance?.parley.close());
    this.#closing.set(name, closing);
    try {
      await closing;
    } finally {
      if (this.#closing.get(name) === closing) this.#closing.delete(name);
    }
  }

  /** `name` was deleted: no wake, no record. Called within `serial(name)`, after `letGo`. */
  async forget(name: string): Promise<void> {
    this.#wakes.cancel(name);
    if (this.persistent) await this.#registry.forget(name);
  }

  serial<T>(name: string, run: () => Promise<T>): Promise<T> {
    const previous = this.#chains.get(name) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(run);
    this.#chains.set(name, next);
    void next
      .catch(() => undefined)
      .then(() => {
        if (this.#chains.get(name) === next) this.#chains.delete(name);
      });
    return next;
  }

  // ---- idle workspaces close, and wake when their work is due (ADR 0064)

  #idle(instance: Instance): boolean {
    return instance.active === 0 && this.options.now() - instance.lastUsed >= this.#idleMs;
  }

  /** Closes the workspaces idle for the idle time, one after another. */
  async #closeIdle(): Promise<void> {
    if (this.#sweeping) return;
    this.#sweeping = true;
    try {
      for (const [name, instance] of [...this.#ready]) {
        if (!this.#idle(instance)) continue;
        await this.serial(name, () => this.#closeIfIdle(name, instance)).catch((error: unknown) =>
          this.options.log.error({ err: error, workspace: name }, 'closing an idle workspace failed'),
        );
      }
    } finally {
      this.#sweeping = false;
    }
  }

  async #closeIfIdle(name: string, instance: Instance): Promise<void> {
    if (this.#closed || this.#ready.get(name) !== instance || !this.#idle(instance)) return;
    const due = await instance.parley.nextWorkAt();
    // Work due within the idle time is done open: closing would only open it again at once.
    if (due !== undefined && due <= this.options.now() + this.#idleMs) return;
    // A request may have come while the rows were read.
    if (this.#ready.get(name) !== instance || !this.#idle(instance)) return;
    await this.letGo(name);
    await this.#registry.closed(name, due);
    if (due !== undefined) this.#wakes.schedule(name, due);
    this.options.log.debug({ workspace: name, wakeAt: due }, 'closed an idle workspace');
  }

  /** Opens a closed workspace whose work is due; its workers do the work, and it idles out again. */
  #wake(name: string): void {
    if (this.#closed) return;
    this.use(name)
      .then((instance) => {
        if (instance !== undefined) instance.lastUsed = this.options.now();
      })
      .catch((error: unknown) =>
        this.options.log.error({ err: error, workspace: name }, 'waking a workspace failed'),
      );
  }

  /** Closes an open workspace at shutdown, recording when its work is next due for the next start. */
  async #closeRecorded(name: string): Promise<void> {
    const instance = this.#ready.get(name);
    // If the rows cannot be read, the next start opens it (its work may be due).
    const due = this.persistent ? await instance?.parley.nextWorkAt().catch(() => 0) : undefined;
    await this.letGo(name);
    if (this.persistent && instance !== undefined) await this.#registry.closed(name, due);
  }

  // ---- the server's lifecycle

  /**
   * Starts the workers of the workspaces opened before (after the server's own), and opens none of
   * the others: each opens on its first use, or when its recorded work falls due.
   */
  async start(): Promise<void> {
    // Those opened before start their workers now; those opened from now on start their own.
    const before = [...this.#open.values()];
    this.#started = true;
    for (const open of before) {
      const instance = await open.catch(() => undefined);
      if (instance !== undefined) this.#startWorkers(instance);
    }
    if (!this.persistent) return;
    if (this.#idleMs > 0) {
      // A quarter of the idle time (at most 30 s): a workspace closes within 1.25 idle times.
      const every = Math.min(30_000, Math.max(100, Math.floor(this.#idleMs / 4)));
      this.#sweep = setInterval(() => void this.#closeIdle(), every);
      this.#sweep.unref();
    }
    for (const name of await listWorkspaceStorage(this.options.config.storage)) {
      if (this.#open.has(name) || this.#closed) continue;
      const wake = await this.#registry.wakeAt(name).catch((error: unknown) => {
        this.options.log.error({ err: error, workspace: name }, 'reading when a workspace wakes failed');
        return 0;
      });
      // Never recorded (made before the record existed): its work may be due, so it opens now.
      if (wake !== undefined) this.#wakes.schedule(name, wake === 'unknown' ? 0 : wake);
    }
  }

  /** Closes every open workspace (their data stays), recording when each one's work is next due. */
  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#sweep);
    this.#wakes.clear();
    await Promise.all(
      [...this.#open.keys()].map((name) =>
        this.serial(name, () => this.#closeRecorded(name)).catch((error: unknown) =>
          this.options.log.error({ err: error, workspace: name }, 'closing a workspace failed'),
        ),
      ),
    );
  }
}
