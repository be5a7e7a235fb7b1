import { optionalBoolean, type ControlContext } from '../control-context.js';
import { gatewayHandler } from './gateway-support.js';

/** POST /control/gateway/channels/{username}/verify: marks a channel verified (`verified: false` undoes it). */
export const gatewayVerifyChannel = gatewayHandler(async ({ platform, path, input }: ControlContext) =>
  platform.gateway.channels.verify(path.username ?? '', optionalBoolean(input, 'verified') ?? true),
);
