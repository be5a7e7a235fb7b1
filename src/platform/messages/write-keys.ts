/**
 * The keys of a person's send (store.ts `WriteKey`, ADR 0106), found before its write from rows
 * the stores keep cached: a private chat with a bot is that bot's (every hot write of such a chat,
 * the bot's replies and its update queue's included, names the bot, so they share one write
 * connection on PostgreSQL), with the chat's pk (PostgreSQL takes the chat's and the bot's rows
 * ahead, ADR 0093); a private chat between two people is its own. A group's send names its chat
 * and the bots it may queue an update for (its bot members, present): PostgreSQL locks and reads
 * the chat's row and theirs ahead, so the send counts its ids with no round trip of its own; the
 * chat and its bot members are what the send reads first anyway, which PostgreSQL's row caches keep
 * (pg-cache.ts), so on a warm cache the key costs no statement. A reference that does not resolve
 * gives no key (the write itself answers the error).
 */
import type { UserRow, WriteKey } from '../../storage/store.js';
import type { UsersReader } from '../../storage/ports/users.js';
import type { ChatsReader } from '../../storage/ports/chats.js';

export async function sendKey(
  reader: ChatsReader & UsersReader,
  user: UserRow,
  chatRef: string,
): Promise<WriteKey | undefined> {
  const ref = chatRef.trim();
  let other: UserRow | undefined;
  try {
    if (ref.startsWith('@') || !/^-?\d+$/.test(ref))
      other = await reader.getUserByUsername(ref.replace(/^@/, ''));
    else if (Number(ref) > 0) other = await reader.getUser(Number(ref));
    else return await groupKey(reader, Number(ref));
    if (!other || other.id === user.id) return undefined;
    const chat = await reader.getPrivateChat(user.id, other.id);
    // The message queues an update for the bot: its next update id is taken with the chat's.
    if (other.is_bot) return { bot: other.id, queues: true, ...(chat && { chat: chat.pk }) };
    return chat && { chat: chat.pk };
  } catch {
    return undefined;
  }
}

/**
 * A group's (or channel's) send: its chat, and the bots in it (those it may queue an update for).
 * The first of them by id is the key's `bot`, which routes it (pg-writes.ts): a group with one bot
 * is that bot's, as a private chat with a bot is, so the person's sends and the bot's replies
 * (`botSendKey`) share its write connection; the others are `bots`.
 */
async function groupKey(reader: ChatsReader, id: number): Promise<WriteKey | undefined> {
  const chat = await reader.getChatById(id);
  if (!chat || chat.type === 'private') return undefined;
  const [bot, ...bots] = (await reader.listBotMembers(chat.pk))
    .filter((member) => member.status !== 'left' && member.status !== 'kicked')
    .map((member) => member.user_id)
    .sort((a, b) => a - b);
  if (bot === undefined) return { chat: chat.pk };
  return { bot, chat: chat.pk, queues: true, ...(bots.length > 0 && { bots }) };
}

/**
 * The key of a bot's send to a chat (as the bot names it): the bot's, with the chat's pk (whose
 * message id the send takes): a private chat's by its pair of users, a group's by its id (both
 * answered from the row caches once seen).
 */
export async function botSendKey(reader: ChatsReader, botId: number, chatId: number): Promise<WriteKey> {
  try {
    // A private chat's id is its other user's (positive); a group's is negative.
    const chat = chatId > 0 ? await reader.getPrivateChat(botId, chatId) : await reader.getChatById(chatId);
    return chat ? { bot: botId, chat: chat.pk } : { bot: botId };
  } catch {
    return { bot: botId };
  }
}
