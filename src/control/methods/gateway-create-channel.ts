import type { RouteContext } from '../control-context.js';
import { gatewayHandler } from './gateway-support.js';

/** POST /control/gateway/channels: a channel created by `owner`, to send codes from (sender_username). */
export const gatewayCreateChannel = gatewayHandler(
  // Every input is read (by the schema) before anything is written: a refused call creates nothing.
  async ({ platform, input }: RouteContext<'createSenderChannel'>) =>
    platform.gateway.channels.create({
      owner: input.owner,
      username: input.username,
      title: input.title,
      verified: input.verified,
    }),
);
