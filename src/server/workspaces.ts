/**
 * Workspaces (ADR 0061): one server, many isolated worlds. Each workspace is a whole Parley of its
 * own (platform, store, clock, workers, Fastify app and fast lanes) built by the same composition
 * root (app.ts) on storage of its own (workspace-storage.ts), so that nothing of one can be seen from
 * another: its people, bots, chats, gateway accounts, tokens and clock are in its own store.
 *
 * Its app listens on no port: this host is a lane of the server's HTTP server that takes every
 * request under `/w/NAME/`, strips the prefix and hands the request to the workspace's own request
 * handler. A bot library pointed at `http://host:port/w/NAME` as its API root, the CLI at it as its
 * server, and a gateway client at `/w/NAME/gateway` need nothing else.
 *
 * Every operation on one name (open, create, reset, delete) runs after the previous one on that name.
 * With a shared database, a workspace made on another node is opened here on its first request, and
 * one reset or deleted elsewhere is let go of here on the `workspace.changed` event.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { BOT_API_ERRORS } from '../bot-api/error-catalogue.js';
import { ControlError, type WorkspaceManager, type WorkspaceView } from '../control/control-context.js';
import type { Config } from '../config/config.js';
import type { Lane } from '../http/http-lane.js';
import type { EventPort } from '../storage/ports/events.js';
import type { Store } from '../storage/store.js';
import {
  claimWorkspaceStorage,
  dropWorkspaceStorage,
  invalidWorkspaceName,
  listWorkspaceStorage,
  workspaceStorage,
  workspaceStorageExists,
} from './workspace-storage.js';
import { WORKSPACE_NAME } from '../testkit/control-schema/index.js';

/** What the host needs of a built Parley (app.ts builds it with `createParley`). */
export interface WorkspaceParley {
  /** Answers one request as this Parley's own server would (its lanes, then its Fastify app). */
  handle(request: IncomingMessage, response: ServerResponse): void;
  adminToken: string;
  store: Pick<Store, 'write'>;
  startWorkers(): void;
  close(): Promise<void>;
}

/** Builds the Parley of a workspace: its config, and the admin token to keep if its store has none. */
export type BuildWorkspace = (
  config: Config,
  adminToken: string,
  log: FastifyBaseLogger,
) => Promise<WorkspaceParley>;

/** Where a workspace keeps the real time it was created at (its own settings). */
const CREATED_AT_SETTING = 'workspace.created_at';

interface Instance {
  parley: WorkspaceParley;
  createdAt: number;
  workersStarted: boolean;
}

export interface WorkspaceHostOptions {
  /** The server's config (its storage is the base of the workspaces' storage). */
  config: Config;
  build: BuildWorkspace;
  log: FastifyBaseLogger;
  /** The default workspace's event port (shared by the nodes of a database). */
  bus: EventPort;
  /** The gateway's path (`/gateway`), for the URLs of a workspace. */
  gatewayPath: string;
}

export class WorkspaceHost implements WorkspaceManager, Lane {
  /** Open workspaces (or being opened), by name. */
  readonly #open = new Map<string, Promise<Instance | undefined>>();
  /** The last operation of each name, which the next one waits for. */
  readonly #chains = new Map<string, Promise<unknown>>();
  /** This process, to tell its own `workspace.changed` events from other nodes'. */
  readonly #id = randomBytes(8).toString('hex');
  #started = false;
  #closed = false;
  readonly #unsubscribe: () => void;

  constructor(private readonly options: WorkspaceHostOptions) {
    this.#unsubscribe = options.bus.on('workspace.changed', ({ name, by }) => {
      if (by === this.#id || !this.#open.has(name)) return;
      void this.#serial(name, () => this.#letGo(name)).catch((error: unknown) =>
        options.log.error({ err: error, workspace: name }, 'closing a workspace changed elsewhere failed'),
      );
    });
  }

  // ---- the lane: requests under /w/NAME/

  take(request: IncomingMessage, response: ServerResponse): boolean {
    const url = request.url ?? '';
    if (!url.startsWith('/w/')) return false;
    let end = 3;
    while (end < url.length && url[end] !== '/' && url[end] !== '?') end++;
    const name = url.slice(3, end);
    const rest = url.slice(end);
    if (rest === '' || rest.startsWith('?')) {
      // The workspace's root is its web client, as `/` is the server's.
      response.writeHead(302, { location: `/w/${name}/web/`, 'content-length': 0 });
      response.end();
      return true;
    }
    void this.#dispatch(name, rest, request, response);
    return true;
  }

  async #dispatch(name: string, rest: string, request: IncomingMessage, response: ServerResponse) {
    let instance: Instance | undefined;
    try {
      instance = WORKSPACE_NAME.test(name) ? await this.#instance(name) : undefined;
    } catch (error) {
      this.options.log.error({ err: error, workspace: name }, 'opening a workspace failed');
      answer(response, 503, {
        ok: false,
        error: 'WORKSPACE_UNAVAILABLE',
        description: 'the workspace could not be opened',
      });
      return;
    }
    if (instance === undefined) {
      if (rest.startsWith('/control/') || rest === '/control') {
        answer(response, 404, {
          ok: false,
          error: 'WORKSPACE_NOT_FOUND',
          description: `no workspace "${name}"`,
        });
      } else {
        const { status, text } = BOT_API_ERRORS.NOT_FOUND;
        answer(response, status, { ok: false, error_code: status, description: text });
      }
      return;
    }
    request.url = rest;
    instance.parley.handle(request, response);
  }

  /** The open workspace, opening it if its storage exists (another node may have made it). */
  #instance(name: string): Promise<Instance | undefined> {
    const open = this.#open.get(name);
    if (open !== undefined) return open;
    if (this.#closed) return Promise.resolve(undefined);
    return this.#serial(name, async () => {
      const again = this.#open.get(name);
      if (again !== undefined) return again;
      if (!(await workspaceStorageExists(this.options.config.storage, name))) return undefined;
      return this.#track(name, this.#openInstance(name, undefined));
    });
  }

  /** Keeps the opening in the map; a failed one is dropped so that the next request tries again. */
  #track(name: string, opening: Promise<Instance>): Promise<Instance> {
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
      storage: workspaceStorage(config.storage, name),
      data: `${config.data}#workspace=${name}`,
      // The server's token is the operator's; the workspace keeps its own (app.ts storedAdminToken).
      adminToken: undefined,
      metricsPort: undefined,
    };
    const parley = await build(
      workspaceConfig,
      created?.adminToken ?? randomBytes(20).toString('hex'),
      log.child({ workspace: name }),
    );
    try {
      const createdAt = await parley.store.write(async (tx) => {
        const stored = await tx.getSetting(CREATED_AT_SETTING);
        if (stored !== undefined) return Number(stored);
        const at = created?.at ?? Math.floor(Date.now() / 1000);
        await tx.setSetting(CREATED_AT_SETTING, String(at));
        return at;
      });
      const instance = { parley, createdAt, workersStarted: false };
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

  /** Closes this process's copy of the workspace, if open. */
  async #letGo(name: string): Promise<void> {
    const open = this.#open.get(name);
    this.#open.delete(name);
    const instance = await open?.catch(() => undefined);
    await instance?.parley.close();
  }

  #serial<T>(name: string, run: () => Promise<T>): Promise<T> {
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

  #changed(name: string): void {
    this.options.bus.emit('workspace.changed', { name, by: this.#id });
  }

  #view(name: string, instance: Instance, origin: string): WorkspaceView {
    const server = `${origin}/w/${name}`;
    return {
      name,
      created_at: instance.createdAt,
      server_url: server,
      api_root: server,
      control_url: `${server}/control`,
      gateway_url: `${server}${this.options.gatewayPath}`,
      web_url: `${server}/web/`,
    };
  }

  async #required(name: string): Promise<Instance> {
    const instance = WORKSPACE_NAME.test(name) ? await this.#instance(name) : undefined;
    if (instance === undefined) throw new ControlError(404, 'WORKSPACE_NOT_FOUND', `no workspace "${name}"`);
    return instance;
  }

  // ---- the control API's port

  async create(name: string, origin: string): Promise<WorkspaceView & { admin_token: string }> {
    const invalid = invalidWorkspaceName(this.options.config.storage, name);
    if (invalid !== undefined) throw new ControlError(400, 'WORKSPACE_NAME_INVALID', invalid);
    const instance = await this.#serial(name, async () => {
      const exists = () =>
        new ControlError(409, 'WORKSPACE_EXISTS', `the workspace "${name}" exists already`);
      if (this.#open.has(name)) throw exists();
      if (!(await claimWorkspaceStorage(this.options.config.storage, name))) throw exists();
      const adminToken = randomBytes(20).toString('hex');
      const opening = this.#openInstance(name, { adminToken, at: Math.floor(Date.now() / 1000) });
      try {
        const opened = await this.#track(name, opening);
        this.#changed(name);
        return opened;
      } catch (error) {
        await dropWorkspaceStorage(this.options.config.storage, name).catch(() => undefined);
        throw error;
      }
    });
    return { ...this.#view(name, instance, origin), admin_token: instance.parley.adminToken };
  }

  async list(origin: string): Promise<WorkspaceView[]> {
    const names = new Set([
      ...(await listWorkspaceStorage(this.options.config.storage)),
      ...this.#open.keys(),
    ]);
    const views: WorkspaceView[] = [];
    for (const name of [...names].sort()) {
      const instance = await this.#instance(name).catch(() => undefined);
      if (instance !== undefined) views.push(this.#view(name, instance, origin));
    }
    return views;
  }

  async get(name: string, origin: string): Promise<WorkspaceView> {
    return this.#view(name, await this.#required(name), origin);
  }

  async reset(name: string, origin: string): Promise<WorkspaceView> {
    const instance = await this.#required(name);
    const fresh = await this.#serial(name, async () => {
      const { adminToken } = instance.parley;
      await this.#letGo(name);
      const { storage } = this.options.config;
      await dropWorkspaceStorage(storage, name);
      await claimWorkspaceStorage(storage, name);
      const opened = await this.#track(
        name,
        this.#openInstance(name, { adminToken, at: instance.createdAt }),
      );
      this.#changed(name);
      return opened;
    });
    return this.#view(name, fresh, origin);
  }

  async delete(name: string): Promise<void> {
    await this.#required(name);
    await this.#serial(name, async () => {
      await this.#letGo(name);
      await dropWorkspaceStorage(this.options.config.storage, name);
      this.#changed(name);
    });
  }

  // ---- the server's lifecycle

  /** Opens every workspace the storage holds and starts the workers of all (after the server's own). */
  async start(): Promise<void> {
    // Those opened before start their workers now; those opened from now on start their own.
    const before = [...this.#open.values()];
    this.#started = true;
    for (const open of before) {
      const instance = await open.catch(() => undefined);
      if (instance !== undefined) this.#startWorkers(instance);
    }
    for (const name of await listWorkspaceStorage(this.options.config.storage)) {
      await this.#instance(name).catch((error: unknown) =>
        this.options.log.error({ err: error, workspace: name }, 'opening a workspace failed'),
      );
    }
  }

  /** Closes every open workspace (their data stays). */
  async close(): Promise<void> {
    this.#closed = true;
    this.#unsubscribe();
    await Promise.all([...this.#open.keys()].map((name) => this.#serial(name, () => this.#letGo(name))));
  }
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}
