import type { Platform } from '../platform/assembly/platform.js';
import type { VirtualTime } from '../platform/core/virtual-time.js';
import type { RouteId, RouteInput } from '../wire/control-schema/index.js';

/** What a control API handler is given: the platform, virtual time, and the request's input. */
export interface ControlContext<Input = Readonly<Record<string, unknown>>> {
  platform: Platform;
  time: VirtualTime;
  /**
   * The parameters of the JSON body (POST) or the query (GET), read by the route's schema
   * (src/wire/control-schema/) before the handler runs: only the schema's parameters, of their
   * types, with their defaults.
   */
  input: Input;
  /** Path parameters. */
  path: Record<string, string>;
  signal: AbortSignal;
  /** The server's workspaces (ADR 0061); undefined inside a workspace (they do not nest). */
  workspaces: WorkspaceManager | undefined;
  /** Scheme, host and port the request was made to (`http://127.0.0.1:8081`), for URLs in answers. */
  origin: string;
}

/** A workspace as the control API shows it, with the roots a client points at (ADR 0061). */
export interface WorkspaceView {
  name: string;
  /** Unix seconds (real time: each workspace has a virtual clock of its own). */
  created_at: number;
  /** Whether its storage and workers are open on this server now (ADR 0064: idle ones close). */
  open: boolean;
  /** The base URL of the workspace, for the CLI's `--server` and the test kit's `url`. */
  server_url: string;
  /** A bot library's API root (grammY `apiRoot`; python-telegram-bot `base_url` is this + `/bot`). */
  api_root: string;
  control_url: string;
  gateway_url: string;
  web_url: string;
}

/** The workspaces of a server, managed through the default workspace's control API. */
export interface WorkspaceManager {
  /** A new, empty workspace with a new admin token of its own (shown only here). */
  create(name: string, origin: string): Promise<WorkspaceView & { admin_token: string }>;
  list(origin: string): Promise<WorkspaceView[]>;
  get(name: string, origin: string): Promise<WorkspaceView>;
  /** Empties the workspace: a new world under the same name and admin token. */
  reset(name: string, origin: string): Promise<WorkspaceView>;
  delete(name: string): Promise<void>;
}

/** The context of the handler of route `K` of the schema. */
export type RouteContext<K extends RouteId> = ControlContext<RouteInput<K>>;

export type ControlHandler<Input = Readonly<Record<string, unknown>>> = (
  ctx: ControlContext<Input>,
) => Promise<unknown>;

export class ControlError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    description: string,
  ) {
    super(description);
  }
}
