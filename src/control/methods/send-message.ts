import { ControlError, type RouteContext } from '../control-context.js';

/**
 * POST /control/messages: a person sends a text message; commands become bot_command entities.
 * With `as_chat`, on behalf of a channel or the supergroup (platform/chats/sender-chats.ts); with
 * `ephemeral`, as an ephemeral command to the bot that declared it (platform/messages/
 * ephemeral-commands.ts, ADR 0080).
 */
export async function sendMessage({ platform, input }: RouteContext<'sendMessage'>) {
  if (input.ephemeral === true) {
    const extra = (['reply_to_message_id', 'message_thread_id', 'as_chat'] as const).find(
      (name) => input[name] !== undefined,
    );
    if (extra) throw new ControlError(400, 'BAD_REQUEST', `ephemeral does not go with ${extra}`);
    return platform.ephemeralCommands.send(input.from, input.chat, input.text);
  }
  const sendAs =
    input.as_chat === undefined ? undefined : await platform.senderChats.sendAs(input.from, input.as_chat);
  return platform.messages.sendFromUser(
    input.from,
    input.chat,
    input.text,
    input.reply_to_message_id,
    input.message_thread_id,
    sendAs,
  );
}
