import { optionalBoolean, optionalString, requireString, type ControlContext } from '../control-context.js';
import { gatewayHandler } from './gateway-support.js';

/** POST /control/gateway/channels: a channel created by `owner`, to send codes from (sender_username). */
export const gatewayCreateChannel = gatewayHandler(async ({ platform, input }: ControlContext) => {
  // Every input is read before anything is written: a refused call creates nothing.
  return platform.gateway.channels.create({
    owner: requireString(input, 'owner'),
    username: requireString(input, 'username'),
    title: optionalString(input, 'title'),
    verified: optionalBoolean(input, 'verified'),
  });
});
