/**
 * Errors of the platform's rules, with stable codes. Each surface (Bot API, control API, gateway)
 * maps these codes to its own wire format in one place.
 */
export type PlatformErrorCode =
  | 'USER_NOT_FOUND'
  | 'BOT_NOT_FOUND'
  | 'CHAT_NOT_FOUND'
  | 'PRIVATE_CHAT_NOT_FOUND'
  | 'PHONE_NUMBER_INVALID'
  | 'PHONE_NUMBER_OCCUPIED'
  | 'USERNAME_INVALID'
  | 'USERNAME_OCCUPIED'
  | 'NAME_INVALID'
  | 'MESSAGE_TEXT_EMPTY'
  | 'MESSAGE_TOO_LONG'
  | 'REPLY_MESSAGE_NOT_FOUND'
  | 'BOT_BLOCKED'
  | 'CHAT_WRITE_FORBIDDEN'
  | 'CLOCK_CONTROL_DISABLED'
  | 'MESSAGE_NOT_FOUND'
  | 'MESSAGE_NOT_MODIFIED'
  | 'BUTTON_NOT_FOUND'
  | 'QUERY_INVALID'
  | 'BOT_INLINE_DISABLED'
  | 'INLINE_QUERY_NOT_FOUND'
  | 'RESULT_NOT_FOUND'
  | 'REACTION_INVALID'
  // groups, supergroups and channels (platform/groups.ts)
  | 'BOT_KICKED'
  | 'BOT_NOT_MEMBER'
  | 'CHAT_MIGRATED'
  | 'CHAT_ADMIN_REQUIRED'
  | 'BOT_GROUPS_BLOCKED'
  | 'USER_ALREADY_PARTICIPANT'
  | 'USER_BANNED_IN_CHANNEL'
  | 'INVITE_HASH_INVALID'
  | 'INVITE_HASH_EXPIRED'
  | 'BAD_REQUEST';

export class PlatformError extends Error {
  constructor(
    readonly code: PlatformErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Flood control: the caller must wait `retryAfter` seconds. */
export class RateLimited extends Error {
  constructor(readonly retryAfter: number) {
    super(`retry after ${retryAfter}`);
  }
}

/**
 * A group that was upgraded to a supergroup: the Bot API answers 400 "group chat was upgraded to a
 * supergroup chat" with parameters.migrate_to_chat_id (spec ResponseParameters).
 */
export class ChatMigrated extends PlatformError {
  constructor(readonly migrateToChatId: number) {
    super('CHAT_MIGRATED', 'group chat was upgraded to a supergroup chat');
  }
}
