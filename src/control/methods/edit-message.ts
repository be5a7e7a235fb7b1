import type { RouteContext } from '../control-context.js';

/** POST /control/messages/edit: a person edits the text of their message; bots get edited_message. */
export async function editMessage({ platform, input }: RouteContext<'editMessage'>) {
  return platform.edits.editByUser(input.user, input.chat, input.message_id, input.text);
}
