import { optionalInteger, requireString, type ControlContext } from '../control-context.js';

const messageId = (input: Record<string, unknown>) =>
  optionalInteger(input, 'message_id', 1, 2 ** 31 - 1) ?? 0;

/** POST /control/pins: a person pins a message; answers the pinned_message service message. */
export async function pinMessage({ platform, input }: ControlContext) {
  return platform.pins.pinByUser(
    requireString(input, 'user'),
    requireString(input, 'chat'),
    messageId(input),
  );
}

/** POST /control/pins/delete: a person unpins a message. */
export async function unpinMessage({ platform, input }: ControlContext) {
  await platform.pins.unpinByUser(
    requireString(input, 'user'),
    requireString(input, 'chat'),
    messageId(input),
  );
  return true;
}

/** GET /control/pins: the chat's pinned messages as a person sees them, the newest first. */
export async function listPins({ platform, input }: ControlContext) {
  return platform.pins.pinnedFor(requireString(input, 'user'), requireString(input, 'chat'));
}
