import type { RouteContext } from '../control-context.js';

/** GET /control/messages: the newest messages of a chat as a person sees them, oldest first. */
export async function listMessages({ platform, input }: RouteContext<'listMessages'>) {
  return platform.ephemeral.listForUser(input.user, input.chat, input.limit);
}
