import { optionalInteger, requireString, type ControlContext } from '../control-context.js';

/** GET /control/messages: the newest messages of a chat as a person sees them, oldest first. */
export async function listMessages({ platform, input }: ControlContext) {
  const limit = optionalInteger(input, 'limit', 1, 100) ?? 100;
  return platform.messages.listForUser(requireString(input, 'user'), requireString(input, 'chat'), limit);
}
