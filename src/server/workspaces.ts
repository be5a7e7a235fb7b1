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
 * With a shared database, a workspace made on another node is opened here on its first request, and
 * one reset or deleted elsewhere is let go of here on the `workspace.changed` event.
 *
 * Their cost is bounded (ADR 0064): at most `--max-workspaces` exist, and only those in use are open
 * (workspace-pool.ts: opened on first use, closed when idle, woken when their work is due).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { BOT_API_ERRORS } from '../bot-api/error-catalogue.js';
import { ControlError, type WorkspaceManager, type WorkspaceView } from '../control/control-context.js';
import { defaultMaxWorkspaces, type Config } from '../config/config.js';
import type { Lane } from '../http/http-lane.js';
import type { EventPort } from '../storage/ports/events.js';
import { claimWorkspaceStorage, dropWorkspaceStorage, invalidWorkspaceName } from './workspace-storage.js';
import { WorkspacePool, type BuildWorkspace, type Instance } from './workspace-pool.js';
import type { RegistryStore } from './workspace-registry.js';
import { randomHex } from './random-hex.js';

export type { BuildWorkspace, WorkspaceParley } from './workspace-pool.js';

export interface WorkspaceHostOptions {
  /** The server's config (its storage is the base of the workspaces' storage). */
  config: Config;
  build: BuildWorkspace;
  log: FastifyBaseLogger;
  /** The default workspace's event port (shared by the nodes of a database). */
  bus: EventPort;
  /** The gateway's path (`/gateway`), for the URLs of a workspace. */
  gatewayPath: string;
  /** The default workspace's store, whose settings remember each workspace (workspace-registry.ts). */
  registry: RegistryStore;
  /** The server's files folder: a `:memory:` workspace's uploads go under it (workspace-storage.ts). */
  filesDir: string;
  /** Real time in ms (the idle time and the wakes; not a workspace's virtual clock). */
  now: () => number;
}

export class WorkspaceHost implements WorkspaceManager, Lane {
  readonly #pool: WorkspacePool;
  /** Creations, one at a time, so that two cannot both take the last place under the limit. */
  #creations: Promise<unknown> = Promise.resolve();
  readonly #maxWorkspaces: number;
  /** This process, to tell its own `workspace.changed` events from other nodes'. */
  readonly #id = randomHex(16);
  readonly #unsubscribe: () => void;

  constructor(private readonly options: WorkspaceHostOptions) {
    this.#pool = new WorkspacePool(options);
    this.#maxWorkspaces = options.config.maxWorkspaces ?? defaultMaxWorkspaces(options.config.storage);
    this.#unsubscribe = options.bus.on('workspace.changed', ({ name, by }) => {
      if (by === this.#id || !this.#pool.isOpen(name)) return;
      void this.#pool
        .serial(name, () => this.#pool.letGo(name))
        .catch((error: unknown) =>
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
      instance = await this.#pool.use(name);
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
    // In use until its answer ends: a parked long poll keeps the workspace open.
    const used = instance;
    used.active += 1;
    used.lastUsed = this.options.now();
    response.once('close', () => {
      used.active -= 1;
      used.lastUsed = this.options.now();
    });
    used.parley.handle(request, response);
  }

  #changed(name: string): void {
    this.options.bus.emit('workspace.changed', { name, by: this.#id });
  }

  #view(name: string, createdAt: number, origin: string): WorkspaceView {
    const server = `${origin}/w/${name}`;
    return {
      name,
      created_at: createdAt,
      open: this.#pool.isOpen(name),
      server_url: server,
      api_root: server,
      control_url: `${server}/control`,
      gateway_url: `${server}${this.options.gatewayPath}`,
      web_url: `${server}/web/`,
    };
  }

  /** The view of `name`, without opening it if it is closed; undefined if there is none. */
  async #describe(name: string, origin: string): Promise<WorkspaceView | undefined> {
    if (!(await this.#pool.exists(name))) return undefined;
    const createdAt = await this.#pool.createdAt(name);
    if (createdAt !== undefined) return this.#view(name, createdAt, origin);
    // Never recorded (made before the record existed, ADR 0064): opened once, which records it.
    const instance = await this.#pool.use(name);
    return instance && this.#view(name, instance.createdAt, origin);
  }

  // ---- the control API's port

  async create(name: string, origin: string): Promise<WorkspaceView & { admin_token: string }> {
    const invalid = invalidWorkspaceName(this.options.config.storage, name);
    if (invalid !== undefined) throw new ControlError(400, 'WORKSPACE_NAME_INVALID', invalid);
    const creation = this.#creations
      .catch(() => undefined)
      .then(() => this.#pool.serial(name, () => this.#create(name)));
    this.#creations = creation;
    const instance = await creation;
    return { ...this.#view(name, instance.createdAt, origin), admin_token: instance.parley.adminToken };
  }

  async #create(name: string): Promise<Instance> {
    const { storage } = this.options.config;
    const exists = () => new ControlError(409, 'WORKSPACE_EXISTS', `the workspace "${name}" exists already`);
    if (await this.#pool.exists(name)) throw exists();
    const max = this.#maxWorkspaces;
    if (max > 0 && (await this.#pool.names()).size >= max) {
      throw new ControlError(
        409,
        'WORKSPACE_LIMIT_REACHED',
        `the server holds ${max} workspaces, its limit (--max-workspaces): delete one first`,
      );
    }
    if (!(await claimWorkspaceStorage(storage, name))) throw exists();
    const adminToken = randomHex(40);
    try {
      const opened = await this.#pool.open(name, { adminToken, at: Math.floor(Date.now() / 1000) });
      this.#changed(name);
      return opened;
    } catch (error) {
      await dropWorkspaceStorage(storage, name).catch(() => undefined);
      throw error;
    }
  }

  async list(origin: string): Promise<WorkspaceView[]> {
    const views: WorkspaceView[] = [];
    for (const name of [...(await this.#pool.names())].sort()) {
      const view = await this.#describe(name, origin).catch(() => undefined);
      if (view !== undefined) views.push(view);
    }
    return views;
  }

  async get(name: string, origin: string): Promise<WorkspaceView> {
    const view = await this.#describe(name, origin);
    if (view === undefined) throw notFound(name);
    return view;
  }

  async reset(name: string, origin: string): Promise<WorkspaceView> {
    const instance = await this.#pool.use(name);
    if (instance === undefined) throw notFound(name);
    const fresh = await this.#pool.serial(name, async () => {
      const { adminToken } = instance.parley;
      await this.#pool.letGo(name);
      const { storage } = this.options.config;
      await dropWorkspaceStorage(storage, name);
      await claimWorkspaceStorage(storage, name);
      const opened = await this.#pool.open(name, { adminToken, at: instance.createdAt });
      this.#changed(name);
      return opened;
    });
    return this.#view(name, fresh.createdAt, origin);
  }

  async delete(name: string): Promise<void> {
    if (!(await this.#pool.exists(name))) throw notFound(name);
    await this.#pool.serial(name, async () => {
      await this.#pool.letGo(name);
      await dropWorkspaceStorage(this.options.config.storage, name);
      await this.#pool.forget(name);
      this.#changed(name);
    });
  }

  // ---- the server's lifecycle

  /** After the server's own workers: the workspaces' (each opens on first use, ADR 0064). */
  start(): Promise<void> {
    return this.#pool.start();
  }

  /** Closes every open workspace (their data stays). */
  async close(): Promise<void> {
    this.#unsubscribe();
    await this.#pool.close();
  }
}

function notFound(name: string): ControlError {
  return new ControlError(404, 'WORKSPACE_NOT_FOUND', `no workspace "${name}"`);
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}
