/**
 * What client commands print. With `--json`, the result object itself (one document, 2-space indent) so
 * that scripts can pipe it to `jq`; without, one short line per record for people.
 */
import type { BotRecord, ClockState, Message, User, UserRecord } from '../testkit/index.js';
import type { CliContext } from './command.js';

export function printResult<T>(
  ctx: CliContext,
  json: boolean | undefined,
  result: T,
  human: (r: T) => string,
) {
  ctx.stdout(json ? JSON.stringify(result, null, 2) : human(result));
}

/** `user 123456 +15550001 @alice (Alice Smith)` */
export function formatUser(user: UserRecord): string {
  const username = user.username ? ` @${user.username}` : '';
  return `user ${user.id} ${user.phone_number}${username} (${fullName(user)})`;
}

/** `bot 7000 @echo_bot token 7000:AAAA...`: the whole token, since printing it is the point. */
export function formatBot(bot: BotRecord): string {
  return `bot ${bot.id} @${bot.username} token ${bot.token}`;
}

/** `clock 2024-05-01T12:00:00Z (1714564800), offset +3600 s` */
export function formatClock(clock: ClockState): string {
  const iso = new Date(clock.now * 1000).toISOString().replace('.000Z', 'Z');
  const sign = clock.offset_seconds >= 0 ? '+' : '';
  return `clock ${iso} (${clock.now}), offset ${sign}${clock.offset_seconds} s`;
}

export function formatMessages(messages: Message[]): string {
  return messages.length === 0 ? 'no messages' : messages.map(formatMessage).join('\n');
}

/**
 * `[#12 from @echo_bot] hello`, `[#13 from Alice, reply to #12] hi`; a message without text shows its
 * kind (`<photo> caption`), and inline keyboard rows follow on indented lines (`  [Yes] [No]`) since
 * testing a bot by hand mostly means reading which buttons it offers. An ephemeral message (its
 * message_id 0) shows its own id and receiver: `[ephemeral #1 from Bob to @quiz_bot] /score`.
 */
export function formatMessage(message: Message): string {
  const reply = message.reply_to_message ? `, reply to #${message.reply_to_message.message_id}` : '';
  const receiver = message.receiver_user;
  const id =
    message.ephemeral_message_id === undefined
      ? `#${message.message_id}`
      : `ephemeral #${message.ephemeral_message_id}`;
  const to = receiver ? ` to ${receiver.username ? `@${receiver.username}` : fullName(receiver)}` : '';
  let line = `[${id} from ${sender(message)}${to}${reply}] ${content(message)}`;
  for (const row of message.reply_markup?.inline_keyboard ?? []) {
    line += `\n  ${row.map((button) => `[${button.text}]`).join(' ')}`;
  }
  return line;
}

function sender(message: Message): string {
  if (message.from) return message.from.username ? `@${message.from.username}` : fullName(message.from);
  // Channel posts have no sender: the chat speaks.
  const chat = message.chat;
  return chat.username ? `@${chat.username}` : (chat.title ?? `chat ${chat.id}`);
}

/** The Bot API's content fields of a message without text, in the order a reader would name them. */
const CONTENT_KINDS = [
  'photo',
  'video',
  'animation',
  'audio',
  'voice',
  'video_note',
  'document',
  'sticker',
  'contact',
  'location',
  'venue',
  'poll',
  'dice',
  'game',
  'invoice',
] as const;

function content(message: Message): string {
  if (typeof message.text === 'string') return message.text;
  const kind = CONTENT_KINDS.find((k) => message[k] !== undefined);
  if (kind === undefined) return serviceEvent(message) ?? '<no text>';
  const caption = typeof message.caption === 'string' ? ` ${message.caption}` : '';
  return `<${kind}>${caption}`;
}

type Person = Pick<User, 'first_name' | 'last_name'>;

/**
 * What a service message says happened, as a chat app shows it: `group created`, `Alice joined`,
 * `Alice added Bob`, `pinned #5`, `title changed to "Club"`; undefined for a message that is none.
 */
function serviceEvent(message: Message): string | undefined {
  const m = message;
  const actor = message.from ? fullName(message.from) : 'the chat';
  if (m.group_chat_created) return `group created`;
  if (m.supergroup_chat_created) return `supergroup created`;
  if (m.channel_chat_created) return `channel created`;
  const joined = m.new_chat_members as Person[] | undefined;
  if (joined) {
    const names = joined.map(fullName);
    const self = joined.length === 1 && message.from && names[0] === fullName(message.from);
    return self ? `${names[0]} joined` : `${actor} added ${names.join(', ')}`;
  }
  const left = m.left_chat_member as Person | undefined;
  if (left) {
    const self = message.from && fullName(left) === fullName(message.from);
    return self ? `${fullName(left)} left` : `${actor} removed ${fullName(left)}`;
  }
  if (typeof m.new_chat_title === 'string') return `title changed to "${m.new_chat_title}"`;
  if (m.new_chat_photo) return `chat photo changed`;
  if (m.delete_chat_photo) return `chat photo removed`;
  if (typeof m.migrate_to_chat_id === 'number') return `upgraded to supergroup ${m.migrate_to_chat_id}`;
  if (typeof m.migrate_from_chat_id === 'number') return `upgraded from group ${m.migrate_from_chat_id}`;
  const pinned = m.pinned_message as { message_id: number } | undefined;
  if (pinned) return `${actor} pinned #${pinned.message_id}`;
  const timer = m.message_auto_delete_timer_changed as { message_auto_delete_time: number } | undefined;
  if (timer) return `auto-delete timer set to ${timer.message_auto_delete_time} s`;
  return undefined;
}

function fullName(person: Person): string {
  return person.last_name ? `${person.first_name} ${person.last_name}` : person.first_name;
}
