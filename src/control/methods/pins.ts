import type { RouteContext } from '../control-context.js';

/** POST /control/pins: a person pins a message; answers the pinned_message service message. */
export async function pinMessage({ platform, input }: RouteContext<'pinMessage'>) {
  return platform.pins.pinByUser(input.user, input.chat, input.message_id);
}

/** POST /control/pins/delete: a person unpins a message. */
export async function unpinMessage({ platform, input }: RouteContext<'unpinMessage'>) {
  await platform.pins.unpinByUser(input.user, input.chat, input.message_id);
  return true;
}

/** GET /control/pins: the chat's pinned messages as a person sees them, the newest first. */
export async function listPinnedMessages({ platform, input }: RouteContext<'listPinnedMessages'>) {
  return platform.pins.pinnedFor(input.user, input.chat);
}
