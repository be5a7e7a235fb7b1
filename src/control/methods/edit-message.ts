import { optionalInteger, requireString, type ControlContext } from '../control-context.js';

/** POST /control/messages/edit: a person edits the text of their message; bots get edited_message. */
export async function editMessage({ platform, input }: ControlContext) {
  return platform.edits.editByUser(
    requireString(input, 'user'),
    requireString(input, 'chat'),
    optionalInteger(input, 'message_id', 1, 2 ** 31 - 1) ?? 0,
    requireString(input, 'text'),
  );
}
