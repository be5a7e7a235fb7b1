import type { RouteContext } from '../control-context.js';

/** POST /control/gateway/channels/{username}/verify: marks a channel verified (`verified: false` undoes it). */
export async function verifySenderChannel({ platform, path, input }: RouteContext<'verifySenderChannel'>) {
  return platform.gateway.channels.verify(path.username ?? '', input.verified);
}
