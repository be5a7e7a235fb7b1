/**
 * The refusals of groups, supergroups and channels: access, settings, members and rights, invite
 * links and join requests. One entry per code (refusal.ts says what an entry holds; ADR 0108; a
 * feature's are in its folder, its refusals.ts).
 */
import type { ChatType } from '../../../storage/store.js';
import { CHAT_KIND, tdlibText, type Refusals } from './refusal.js';

export const CHAT_REFUSALS = {
  // groups, supergroups and channels (platform/chats/groups.ts)
  BOT_KICKED: {
    kind: 'forbidden',
    bot: (d: { chatType: ChatType }) => `Forbidden: bot was kicked from the ${CHAT_KIND[d.chatType]}`,
    web: 'invalid',
  },
  BOT_NOT_MEMBER: {
    kind: 'forbidden',
    bot: (d: { chatType: ChatType }) => `Forbidden: bot is not a member of the ${CHAT_KIND[d.chatType]}`,
    web: 'invalid',
  },
  CHAT_MIGRATED: {
    kind: 'invalid',
    bot: 'Bad Request: group chat was upgraded to a supergroup chat',
    botParameters: (d: { migrateToChatId: number }) => ({ migrate_to_chat_id: d.migrateToChatId }),
  },
  CHAT_ADMIN_REQUIRED: { kind: 'forbidden', bot: 'Bad Request: CHAT_ADMIN_REQUIRED' },
  BOT_GROUPS_BLOCKED: { kind: 'forbidden', bot: 'Bad Request: this bot can not be added to groups' },
  USER_ALREADY_PARTICIPANT: { kind: 'conflict', bot: 'Bad Request: the user is already a member' },
  USER_BANNED_IN_CHANNEL: { kind: 'forbidden', bot: 'Bad Request: the user is banned in this chat' },
  INVITE_HASH_INVALID: { kind: 'not_found', bot: null, web: 'invalid' },
  INVITE_HASH_EXPIRED: { kind: 'invalid', bot: 'Bad Request: INVITE_HASH_EXPIRED' },
  // chat settings (groups.ts)
  CHAT_TITLE_EMPTY: { kind: 'invalid', bot: 'Bad Request: title must be non-empty', control: 'BAD_REQUEST' },
  /** setChatDescription over 255 characters (the platform's token; TDLib passes it on). */
  CHAT_ABOUT_TOO_LONG: { kind: 'invalid', bot: 'Bad Request: CHAT_ABOUT_TOO_LONG', control: 'BAD_REQUEST' },
  CHAT_DESCRIPTION_NOT_MODIFIED: {
    kind: 'invalid',
    bot: 'Bad Request: chat description is not modified',
    control: 'BAD_REQUEST',
  },
  /** deleteChatPhoto of a chat without a photo (the platform's token, reference §2.2). */
  CHAT_NOT_MODIFIED: { kind: 'invalid', bot: 'Bad Request: CHAT_NOT_MODIFIED', control: 'BAD_REQUEST' },
  // permissions and info by the chat's kind and the bot's rights (groups.ts, chat-info-rights.ts)
  PRIVATE_CHAT_PERMISSIONS: {
    kind: 'invalid',
    bot: "Bad Request: can't change private chat permissions",
    control: 'BAD_REQUEST',
  },
  CHANNEL_CHAT_PERMISSIONS: {
    kind: 'invalid',
    bot: "Bad Request: can't change channel chat permissions",
    control: 'BAD_REQUEST',
  },
  PRIVATE_CHAT_INFO: {
    kind: 'invalid',
    bot: (d: { field: 'title' | 'description' | 'photo' }) =>
      `Bad Request: can't change private chat ${d.field}`,
    control: 'BAD_REQUEST',
  },
  NOT_ENOUGH_RIGHTS_TO_CHANGE_PERMISSIONS: {
    kind: 'forbidden',
    bot: 'Bad Request: not enough rights to change chat permissions',
    control: 'CHAT_ADMIN_REQUIRED',
  },
  NOT_ENOUGH_RIGHTS_TO_CHANGE_INFO: {
    kind: 'forbidden',
    bot: (d: { field: 'title' | 'description' | 'photo' }) =>
      `Bad Request: not enough rights to change chat ${d.field}`,
    control: 'CHAT_ADMIN_REQUIRED',
  },
  // members (members.ts)
  CANT_REMOVE_CHAT_OWNER: {
    kind: 'invalid',
    bot: "Bad Request: can't remove chat owner",
    control: 'BAD_REQUEST',
  },
  CANT_RESTRICT_SELF: { kind: 'invalid', bot: "Bad Request: can't restrict self", control: 'BAD_REQUEST' },
  NOT_ENOUGH_RIGHTS_TO_RESTRICT: {
    kind: 'forbidden',
    bot: 'Bad Request: not enough rights to restrict/unrestrict chat member',
    control: 'CHAT_ADMIN_REQUIRED',
  },
  /** USER_ADMIN_INVALID (§2.2). */
  USER_IS_ADMINISTRATOR: {
    kind: 'invalid',
    bot: 'Bad Request: user is an administrator of the chat',
    control: 'BAD_REQUEST',
  },
  CANT_LEAVE_PRIVATE_CHAT: {
    kind: 'invalid',
    bot: "Bad Request: can't leave private chats",
    control: 'BAD_REQUEST',
  },
  CHAT_DEACTIVATED: { kind: 'invalid', bot: 'Bad Request: chat is deactivated', control: 'BAD_REQUEST' },
  CREATOR_CANT_LEAVE: {
    kind: 'forbidden',
    bot: 'Bad Request: the creator of a chat can not leave it',
    control: 'BAD_REQUEST',
  },
  NOT_IN_CHAT: { kind: 'invalid', bot: 'Bad Request: not in the chat', control: 'BAD_REQUEST' },
  CANT_BAN_IN_PRIVATE_CHAT: {
    kind: 'invalid',
    bot: "Bad Request: can't ban members in private chats",
    control: 'BAD_REQUEST',
  },
  SUPERGROUPS_AND_CHANNELS_ONLY: {
    kind: 'invalid',
    bot: 'Bad Request: method is available for supergroup and channel chats only',
    control: 'BAD_REQUEST',
  },
  SUPERGROUPS_ONLY: {
    kind: 'invalid',
    bot: 'Bad Request: method is available only for supergroups',
    control: 'BAD_REQUEST',
  },
  // deleteMessageReaction, deleteAllMessageReactions (reactions.ts)
  GROUPS_ONLY: {
    kind: 'invalid',
    bot: 'Bad Request: method is available for group and supergroup chats only',
    control: 'BAD_REQUEST',
  },
  CANT_PROMOTE_SELF: { kind: 'invalid', bot: "Bad Request: can't promote self", control: 'BAD_REQUEST' },
  USER_NOT_PARTICIPANT: { kind: 'invalid', bot: 'Bad Request: USER_NOT_PARTICIPANT', control: 'BAD_REQUEST' },
  RIGHT_FORBIDDEN: { kind: 'forbidden', bot: 'Bad Request: RIGHT_FORBIDDEN', control: 'BAD_REQUEST' },
  NEED_OWNER_RIGHTS_IN_GROUP: {
    kind: 'forbidden',
    bot: 'Bad Request: need owner rights in the group chat',
    control: 'CHAT_ADMIN_REQUIRED',
  },
  NOT_ENOUGH_RIGHTS: {
    kind: 'forbidden',
    bot: 'Bad Request: not enough rights',
    control: 'CHAT_ADMIN_REQUIRED',
  },
  // setChatAdministratorCustomTitle (member-changes.ts)
  CUSTOM_TITLE_OF_OWNER: {
    kind: 'invalid',
    bot: 'Bad Request: only creator can edit their custom title',
    control: 'BAD_REQUEST',
  },
  USER_NOT_ADMINISTRATOR: {
    kind: 'invalid',
    bot: 'Bad Request: user is not an administrator',
    control: 'BAD_REQUEST',
  },
  NOT_ENOUGH_RIGHTS_TO_CHANGE_CUSTOM_TITLE: {
    kind: 'forbidden',
    bot: 'Bad Request: not enough rights to change custom title of the user',
    control: 'CHAT_ADMIN_REQUIRED',
  },
  ADMIN_RANK_EMOJI_NOT_ALLOWED: {
    kind: 'invalid',
    bot: 'Bad Request: ADMIN_RANK_EMOJI_NOT_ALLOWED',
    control: 'BAD_REQUEST',
  },
  /** A custom title over 16 characters (the platform's token; ADR 0071). */
  ADMIN_RANK_INVALID: { kind: 'invalid', bot: 'Bad Request: ADMIN_RANK_INVALID', control: 'BAD_REQUEST' },
  // member tags (member-tags.ts, ADR 0048)
  /** setChatMemberTag with an emoji in the tag (the platform's token, as for custom titles; unverified). */
  MEMBER_TAG_EMOJI_NOT_ALLOWED: {
    kind: 'invalid',
    bot: 'Bad Request: TAG_EMOJI_NOT_ALLOWED',
    control: 'BAD_REQUEST',
  },
  MEMBER_LIST_INACCESSIBLE: {
    kind: 'invalid',
    bot: 'Bad Request: member list is inaccessible',
    control: 'BAD_REQUEST',
  },
  NO_ADMINISTRATORS_IN_PRIVATE_CHAT: {
    kind: 'invalid',
    bot: 'Bad Request: there are no administrators in the private chat',
    control: 'BAD_REQUEST',
  },
  // invite links and join requests (invite-links.ts, join-requests.ts)
  INVITE_LINK_NAME_TOO_LONG: {
    kind: 'invalid',
    bot: 'Bad Request: invite link name is too long',
    control: 'BAD_REQUEST',
  },
  MEMBER_LIMIT_WITH_JOIN_REQUEST: {
    kind: 'invalid',
    bot: "Bad Request: member limit can't be specified for links requiring administrator approval",
    control: 'BAD_REQUEST',
  },
  CHAT_INVITE_PERMANENT: {
    kind: 'invalid',
    bot: 'Bad Request: CHAT_INVITE_PERMANENT',
    control: 'BAD_REQUEST',
  },
  PRIVATE_CHAT_INVITE: {
    kind: 'invalid',
    bot: "Bad Request: can't invite members to a private chat",
    control: 'BAD_REQUEST',
  },
  NOT_ENOUGH_RIGHTS_TO_MANAGE_INVITE_LINKS: {
    kind: 'forbidden',
    bot: 'Bad Request: not enough rights to manage chat invite link',
    control: 'CHAT_ADMIN_REQUIRED',
  },
  INVITE_LINK_EMPTY: {
    kind: 'invalid',
    bot: 'Bad Request: invite link must be non-empty',
    control: 'BAD_REQUEST',
  },
  INVITE_LINK_UNKNOWN: { kind: 'invalid', bot: 'Bad Request: INVITE_HASH_EXPIRED', control: 'BAD_REQUEST' },
  INVITE_LINK_NOT_OWN: { kind: 'invalid', bot: 'Bad Request: CHAT_ADMIN_REQUIRED', control: 'BAD_REQUEST' },
  PEER_ID_INVALID: { kind: 'invalid', bot: 'Bad Request: PEER_ID_INVALID', control: 'BAD_REQUEST' },
  HIDE_REQUESTER_MISSING: {
    kind: 'invalid',
    bot: 'Bad Request: HIDE_REQUESTER_MISSING',
    control: 'BAD_REQUEST',
  },
  /** approveChatJoinRequest for a member: the server's own code, passed through as the reference does. */
  REQUESTER_ALREADY_PARTICIPANT: {
    kind: 'conflict',
    bot: 'Bad Request: USER_ALREADY_PARTICIPANT',
    control: 'USER_ALREADY_PARTICIPANT',
  },
  /**
   * An invoice refused, by its token: a subscription link outside a channel (invite-links.ts), and
   * the invoices payments/ refuses (invoice-rules.ts: CURRENCY_TOTAL_AMOUNT_INVALID, ...).
   */
  INVOICE_INVALID: {
    kind: 'invalid',
    bot: (d: { reason: string }) => `Bad Request: ${tdlibText(d.reason)}`,
    control: 'BAD_REQUEST',
  },
} satisfies Refusals;
