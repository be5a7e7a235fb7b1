import { optionalBoolean, optionalString, requireString, type ControlContext } from '../control-context.js';
import { gatewayHandler } from './gateway-support.js';

/** POST /control/gateway/channels: a channel created by `owner`, to send codes from (sender_username). */
export const gatewayCreateChannel = gatewayHandler(async ({ platform, input }: ControlContext) => {
  const channels = platform.gateway.channels;
  const channel = await channels.create({
    owner: requireString(input, 'owner'),
    username: requireString(input, 'username'),
    title: optionalString(input, 'title'),
  });
  return optionalBoolean(input, 'verified') ? channels.verify(channel.username, true) : channel;
});
