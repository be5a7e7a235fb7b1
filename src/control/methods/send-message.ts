import { optionalInteger, requireString, type ControlContext } from '../control-context.js';

/** POST /control/messages: a person sends a text message; commands become bot_command entities. */
export async function sendMessage({ platform, input }: ControlContext) {
  const text = input.text;
  return platform.messages.sendFromUser(
    requireString(input, 'from'),
    requireString(input, 'chat'),
    typeof text === 'string' ? text : '',
    optionalInteger(input, 'reply_to_message_id', 1, 2 ** 31 - 1),
  );
}
