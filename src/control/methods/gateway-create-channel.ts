import type { RouteContext } from '../control-context.js';

/** POST /control/gateway/channels: a channel created by `owner`, to send codes from (sender_username). */
export async function createSenderChannel({ platform, input }: RouteContext<'createSenderChannel'>) {
  // Every input is read (by the schema) before anything is written: a refused call creates nothing.
  return platform.gateway.channels.create({
    owner: input.owner,
    username: input.username,
    title: input.title,
    verified: input.verified,
  });
}
