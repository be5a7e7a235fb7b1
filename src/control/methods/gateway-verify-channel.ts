import type { RouteContext } from '../control-context.js';
import { gatewayHandler } from './gateway-support.js';

/** POST /control/gateway/channels/{username}/verify: marks a channel verified (`verified: false` undoes it). */
export const gatewayVerifyChannel = gatewayHandler(
  async ({ platform, path, input }: RouteContext<'verifySenderChannel'>) =>
    platform.gateway.channels.verify(path.username ?? '', input.verified),
);
