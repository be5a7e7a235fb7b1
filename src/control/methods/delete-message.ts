import type { RouteContext } from '../control-context.js';

/** POST /control/messages/delete: a person deletes their own message. */
export async function deleteMessage({ platform, input }: RouteContext<'deleteMessage'>) {
  await platform.edits.deleteByUser(input.user, input.chat, input.message_id);
  return true;
}
