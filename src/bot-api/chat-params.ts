/**
 * Parameters of the chat administration methods, read as the reference reads them (reference §1.4):
 * user_id leniently but positive ("invalid user_id specified"), `permissions` as a JSON object of
 * Booleans with the reference's texts, administrator rights as top-level Booleans.
 */
import { botApiError } from './errors.js';
import type { MethodContext } from './method-context.js';
import { targetChatId } from './send-options.js';
import {
  ADMIN_RIGHT_KEYS,
  PERMISSION_KEYS,
  normalizePermissions,
  type AdminRights,
  type ChatPermissions,
  type PermissionKey,
} from '../platform/chats/chat-rights.js';
import type { LinkOptions } from '../platform/chats/invite-links.js';
import type { UserRow } from '../storage/store.js';

/** The permissions that the legacy can_send_media_messages stands for. */
const MEDIA: PermissionKey[] = [
  'can_send_audios',
  'can_send_documents',
  'can_send_photos',
  'can_send_videos',
  'can_send_video_notes',
  'can_send_voice_notes',
];
const LEGACY_TOP_LEVEL = [
  'can_send_messages',
  'can_send_media_messages',
  'can_send_polls',
  'can_send_other_messages',
  'can_add_web_page_previews',
];

/** The calling bot and the chat it names (chat_id: an id or @username of a supergroup or channel). */
export async function botInChat(ctx: MethodContext): Promise<{ bot: UserRow; chatId: number }> {
  const chatId = await targetChatId(ctx);
  return { bot: await ctx.platform.users.resolve(ctx.botId, 'bot'), chatId };
}

/** user_id: a lenient integer that must be positive (reference §1.4). */
export function readUserId({ params }: MethodContext): number {
  const userId = params.int('user_id') ?? 0;
  if (userId <= 0) throw botApiError('USER_ID_INVALID');
  return userId;
}

/**
 * The author of the reactions that deleteMessageReaction / deleteAllMessageReactions remove: user_id
 * as readUserId reads it. On Parley only users react, so actor_chat_id alone is refused.
 */
export function readReactionActor(ctx: MethodContext): number {
  const { params } = ctx;
  if (params.string('user_id') === undefined && params.string('actor_chat_id') !== undefined) {
    throw botApiError('ACTOR_CHAT_REACTIONS_UNSUPPORTED');
  }
  return readUserId(ctx);
}

/**
 * `permissions` (ChatPermissions as JSON). restrictChatMember also takes the legacy top-level
 * Booleans when `permissions` is absent.
 */
export function readPermissions({ params }: MethodContext, legacy: boolean): ChatPermissions {
  const independent = params.bool('use_independent_chat_permissions');
  const given: Partial<Record<PermissionKey, boolean>> = {};
  const text = params.string('permissions');
  if (text === undefined) {
    if (legacy) {
      for (const key of LEGACY_TOP_LEVEL) {
        if (params.string(key) === undefined) continue;
        const value = params.bool(key);
        if (key === 'can_send_media_messages') for (const media of MEDIA) given[media] = value;
        else given[key as PermissionKey] = value;
      }
    }
    return normalizePermissions(given, independent);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw botApiError('JSON_UNPARSABLE', { object: 'permissions' });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw botApiError('OBJECT_EXPECTED', { object: 'permissions' });
  }
  for (const [key, field] of Object.entries(value)) {
    const known = (PERMISSION_KEYS as readonly string[]).includes(key) || key === 'can_send_media_messages';
    if (!known) continue;
    if (typeof field !== 'boolean') {
      const detail = `Field "${key}" must be of type Boolean`;
      throw botApiError('UNPARSABLE', { object: 'chat permissions', detail });
    }
    if (key === 'can_send_media_messages') for (const media of MEDIA) given[media] ??= field;
    else given[key as PermissionKey] = field;
  }
  return normalizePermissions(given, independent);
}

/** promoteChatMember's rights; can_manage_voice_chats is the older name of can_manage_video_chats. */
export function readRights({ params }: MethodContext): AdminRights {
  const rights: AdminRights = { is_anonymous: params.bool('is_anonymous') };
  for (const key of ADMIN_RIGHT_KEYS) rights[key] = params.bool(key);
  if (params.bool('can_manage_voice_chats')) rights.can_manage_video_chats = true;
  return rights;
}

/**
 * `rights` of setMyDefaultAdministratorRights: a ChatAdministratorRights JSON object, read as the
 * reference reads one (Boolean fields strictly); absent, empty or null means none (clear).
 */
export function readRightsObject({ params }: MethodContext): AdminRights | null {
  const text = params.string('rights');
  if (text === undefined || text === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw botApiError('JSON_UNPARSABLE', { object: 'rights' });
  }
  if (value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw botApiError('OBJECT_EXPECTED', { object: 'ChatAdministratorRights' });
  }
  const rights: AdminRights = {};
  for (const [key, field] of Object.entries(value)) {
    const right = key === 'can_manage_voice_chats' ? 'can_manage_video_chats' : key;
    const known = (ADMIN_RIGHT_KEYS as readonly string[]).includes(right) || right === 'is_anonymous';
    if (!known) continue;
    if (typeof field !== 'boolean') {
      const detail = `Field "${key}" must be of type Boolean`;
      throw botApiError('UNPARSABLE', { object: 'ChatAdministratorRights', detail });
    }
    if (field) rights[right as keyof AdminRights] = true;
  }
  return rights;
}

/** createChatInviteLink / editChatInviteLink options; member_limit clamped as the reference does. */
export function readLinkOptions({ params }: MethodContext): LinkOptions {
  return {
    name: params.string('name'),
    expire_date: params.clampedInt('expire_date', 0, 0, 2 ** 31 - 1),
    member_limit: params.clampedInt('member_limit', 0, 0, 100_000),
    creates_join_request: params.bool('creates_join_request'),
  };
}
