import { ControlError, optionalString, requireString, type ControlContext } from '../control-context.js';

/**
 * POST /control/chats: a person creates a group, supergroup or channel (as its creator), with
 * members added at once (bots among them get my_chat_member). Answers the ChatRecord.
 */
export async function createChat({ platform, input }: ControlContext) {
  const members = input.members;
  if (
    members !== undefined &&
    (!Array.isArray(members) || members.some((m) => typeof m !== 'string' && typeof m !== 'number'))
  ) {
    throw new ControlError(400, 'BAD_REQUEST', 'members must be an array of user references');
  }
  const chat = await platform.groups.create(requireString(input, 'owner'), {
    type: optionalString(input, 'type') ?? 'group',
    title: requireString(input, 'title'),
    username: optionalString(input, 'username'),
    description: optionalString(input, 'description'),
    members: members as Array<string | number> | undefined,
  });
  return platform.groups.record(chat.id!);
}
