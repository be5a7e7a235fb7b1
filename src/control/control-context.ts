import type { Platform } from '../platform/core/platform.js';
import type { VirtualTime } from '../platform/core/virtual-time.js';
import type { RouteId, RouteInput } from '../testkit/control-schema/index.js';

/** What a control API handler is given: the platform, virtual time, and the request's input. */
export interface ControlContext<Input = Readonly<Record<string, unknown>>> {
  platform: Platform;
  time: VirtualTime;
  /**
   * The parameters of the JSON body (POST) or the query (GET), read by the route's schema
   * (src/testkit/control-schema/) before the handler runs: only the schema's parameters, of their
   * types, with their defaults.
   */
  input: Input;
  /** Path parameters. */
  path: Record<string, string>;
  signal: AbortSignal;
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
