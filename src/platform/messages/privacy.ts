/**
 * Privacy mode (spec: getMe's can_read_all_group_messages; the reference's bot FAQ): in a group or
 * supergroup, a bot with privacy mode on that is not an administrator receives only
 *   - service messages (members joining and leaving, title changes, migration, ...),
 *   - commands, unaddressed (`/start`) or addressed to it (`/start@its_bot`),
 *   - replies to its own messages,
 *   - messages that mention it (`@its_bot`, or a text_mention of it).
 * Bots with privacy off, and administrators, receive every message. In channels only administrators
 * receive posts; private chats are not affected. Decisions: docs/adr/0021-privacy-mode.md.
 */
import { isAdmin, type MemberState } from '../chats/chat-rights.js';
import type { MessageContent, WireEntity } from '../core/wire-types.js';
import type { BotRow, ChatRow, MessageRow } from '../../storage/store.js';
import type { MessagesReader } from '../../storage/ports/messages.js';

/** Content fields that make a message a service message. */
export const SERVICE_FIELDS = [
  'new_chat_members',
  'left_chat_member',
  'new_chat_title',
  'new_chat_photo',
  'delete_chat_photo',
  'group_chat_created',
  'supergroup_chat_created',
  'channel_chat_created',
  'migrate_to_chat_id',
  'migrate_from_chat_id',
  'pinned_message',
  'message_auto_delete_timer_changed',
];

export function isServiceMessage(content: MessageContent): boolean {
  return SERVICE_FIELDS.some((field) => content[field] !== undefined);
}

function addressedToBot(content: MessageContent, username: string): boolean {
  const text = content.text;
  const name = username.toLowerCase();
  if (text !== undefined) {
    const first = content.entities?.[0];
    // Only a command that starts the text counts, as the reference's clients send them.
    if (first?.type === 'bot_command' && first.offset === 0) {
      const command = text.slice(0, first.length);
      const at = command.indexOf('@');
      if (at < 0 || command.slice(at + 1).toLowerCase() === name) return true;
    }
  }
  const mentions = (source: string | undefined, entities: WireEntity[] | undefined) =>
    source !== undefined &&
    (entities ?? []).some(
      (entity) =>
        entity.type === 'mention' &&
        source.slice(entity.offset + 1, entity.offset + entity.length).toLowerCase() === name,
    );
  return mentions(text, content.entities) || mentions(content.caption, content.caption_entities);
}

function textMentions(content: MessageContent, botId: number): boolean {
  return [...(content.entities ?? []), ...(content.caption_entities ?? [])].some(
    (entity) => entity.type === 'text_mention' && entity.user?.id === botId,
  );
}

/** Whether the bot (a member in `state`) receives `row`, a message of `chat` from someone else. */
export async function botReceives(
  reader: MessagesReader,
  chat: ChatRow,
  bot: BotRow,
  username: string,
  state: MemberState,
  row: MessageRow,
): Promise<boolean> {
  if (chat.type === 'private') return true;
  if (chat.type === 'channel') return state.status === 'administrator';
  if (bot.can_read_all_group_messages || isAdmin(state)) return true;
  const content = JSON.parse(row.body) as MessageContent;
  if (isServiceMessage(content)) return true;
  if (addressedToBot(content, username) || textMentions(content, bot.id)) return true;
  if (content._reply_to !== undefined) {
    const target = await reader.getMessage(chat.pk, content._reply_to);
    if (target?.sender_id === bot.id) return true;
  }
  return false;
}
