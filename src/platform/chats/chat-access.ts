/**
 * Who may use a group, supergroup or channel, and who may write in a chat, with the reference's
 * answers (reference §2.3): a bot that was never in a chat it names by id gets "chat not found", one
 * that left "bot is not a member of the <kind> chat" (403), one that was banned "bot was kicked from
 * the <kind> chat" (403); an upgraded group answers "group chat was upgraded to a supergroup chat"
 * with migrate_to_chat_id. People get CHAT_NOT_FOUND for chats they are not in.
 */
import {
  ALL_PERMISSIONS,
  hasPermission,
  hasRight,
  isPresent,
  memberState,
  type ChatPermissions,
  type MemberState,
  type PermissionKey,
} from './chat-rights.js';
import { ChatMigrated, PlatformError } from '../core/errors.js';
import type { MessageContent } from '../core/wire-types.js';
import type { ChatRow, ChatType, UserRow } from '../../storage/store.js';
import type { ChatsReader } from '../../storage/ports/chats.js';

/** `read`: getChat and the like, allowed on an upgraded group; `write`: everything else. */
export type ChatAccess = 'read' | 'write';

const KIND: Record<ChatType, string> = {
  private: 'private chat',
  group: 'group chat',
  supergroup: 'supergroup chat',
  channel: 'channel chat',
};

export function chatKind(type: ChatType): string {
  return KIND[type];
}

/** The chat's default permissions (groups and supergroups; everything is allowed until set). */
export function chatPermissions(chat: ChatRow): ChatPermissions {
  return chat.permissions ? (JSON.parse(chat.permissions) as ChatPermissions) : ALL_PERMISSIONS;
}

export async function stateOf(reader: ChatsReader, chat: ChatRow, userId: number, now: number) {
  return memberState(await reader.getMember(chat.pk, userId), now);
}

/**
 * Checks that `viewer` may use the (non-private) chat; returns the viewer's state in it. Throws the
 * reference's error otherwise.
 */
export async function checkChatAccess(
  reader: ChatsReader,
  chat: ChatRow,
  viewer: UserRow,
  now: number,
  access: ChatAccess = 'write',
): Promise<MemberState> {
  const row = await reader.getMember(chat.pk, viewer.id);
  const state = memberState(row, now);
  if (!viewer.is_bot) {
    if (!isPresent(state)) throw new PlatformError('CHAT_NOT_FOUND', 'chat not found');
    return state;
  }
  if (chat.migrated_to_id && access === 'write') throw new ChatMigrated(chat.migrated_to_id);
  if (isPresent(state)) return state;
  if (state.status === 'kicked') {
    throw new PlatformError('BOT_KICKED', `bot was kicked from the ${KIND[chat.type]}`, {
      chatType: chat.type,
    });
  }
  // A bot knows a chat it once was in, and any public one; others do not exist for it.
  if (row || chat.username) {
    throw new PlatformError('BOT_NOT_MEMBER', `bot is not a member of the ${KIND[chat.type]}`, {
      chatType: chat.type,
    });
  }
  throw new PlatformError('CHAT_NOT_FOUND', 'chat not found');
}

/** The permission a message's content needs, and how the reference names it in its refusal. */
const CONTENT_PERMISSIONS: Array<[string, PermissionKey, string]> = [
  ['photo', 'can_send_photos', 'photos'],
  ['video', 'can_send_videos', 'videos'],
  ['audio', 'can_send_audios', 'audio files'],
  ['voice', 'can_send_voice_notes', 'voice notes'],
  ['video_note', 'can_send_video_notes', 'video notes'],
  ['poll', 'can_send_polls', 'polls'],
  ['animation', 'can_send_other_messages', 'animations'],
  ['sticker', 'can_send_other_messages', 'stickers'],
  ['dice', 'can_send_other_messages', 'dice'],
  ['document', 'can_send_documents', 'documents'],
];

function permissionFor(content: MessageContent): [PermissionKey, string] {
  for (const [field, permission, noun] of CONTENT_PERMISSIONS) {
    if (content[field] !== undefined) return [permission, noun];
  }
  return ['can_send_messages', 'text messages'];
}

/**
 * Checks that a bot may send `content` into a chat it can see: not blocked by the person of a
 * private chat, an administrator who can post in a channel, allowed by its permissions in a group.
 */
export async function checkBotCanSend(
  reader: ChatsReader,
  chat: ChatRow,
  bot: UserRow,
  now: number,
  content: MessageContent,
): Promise<void> {
  const state = await stateOf(reader, chat, bot.id, now);
  if (chat.type === 'private') {
    if (state.status === 'kicked') throw new PlatformError('BOT_BLOCKED', 'bot was blocked by the user');
    return;
  }
  if (chat.type === 'channel') {
    if (!hasRight(state, 'can_post_messages')) {
      throw new PlatformError(
        'NEED_ADMIN_RIGHTS_IN_CHANNEL',
        'need administrator rights in the channel chat',
      );
    }
    return;
  }
  const [permission, noun] = permissionFor(content);
  if (!hasPermission(state, chatPermissions(chat), permission)) {
    throw new PlatformError('NOT_ENOUGH_RIGHTS_TO_SEND', `not enough rights to send ${noun} to the chat`, {
      what: noun,
    });
  }
}

/**
 * Checks that a person may send `content`: not into a private chat with a bot they blocked, not into
 * an upgraded group, in a channel only as its creator or an administrator who can post, in a group
 * as its permissions allow.
 */
export async function checkUserCanSend(
  reader: ChatsReader,
  chat: ChatRow,
  user: UserRow,
  now: number,
  content: MessageContent,
): Promise<void> {
  if (chat.type === 'private') {
    const otherId = chat.user_a === user.id ? chat.user_b! : chat.user_a!;
    const other = await stateOf(reader, chat, otherId, now);
    if (other.status === 'kicked') {
      throw new PlatformError('CHAT_WRITE_FORBIDDEN', 'you blocked this bot; unblock it to write to it');
    }
    return;
  }
  if (chat.migrated_to_id) throw new ChatMigrated(chat.migrated_to_id);
  const state = await stateOf(reader, chat, user.id, now);
  if (chat.type === 'channel') {
    if (!hasRight(state, 'can_post_messages')) {
      throw new PlatformError(
        'CHAT_WRITE_FORBIDDEN',
        'only the creator and administrators with can_post_messages post in a channel',
      );
    }
    return;
  }
  const [permission, noun] = permissionFor(content);
  if (!hasPermission(state, chatPermissions(chat), permission)) {
    throw new PlatformError('CHAT_WRITE_FORBIDDEN', `you may not send ${noun} in this chat`);
  }
}
