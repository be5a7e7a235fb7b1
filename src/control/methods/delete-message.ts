import { optionalInteger, requireString, type ControlContext } from '../control-context.js';

/** POST /control/messages/delete: a person deletes their own message. */
export async function deleteMessage({ platform, input }: ControlContext) {
  await platform.edits.deleteByUser(
    requireString(input, 'user'),
    requireString(input, 'chat'),
    optionalInteger(input, 'message_id', 1, 2 ** 31 - 1) ?? 0,
  );
  return true;
}
