/**
 * The names of administrator rights, chat permissions and business bot rights, written here once:
 * for the control API (the rights and permissions of `/control/chats/promote`,
 * `/control/chats/restrict` and `/control/business/connect`, the test kit's types, the CLI's flags)
 * and for the platform, which takes its lists from here (platform/core/admin-rights.ts,
 * platform/chats/chat-rights.ts, platform/business/business-rights.ts; the platform may import
 * wire/). A leaf: it imports nothing, so that the platform loads none of the schema's DSL with it.
 */

/** ChatAdministratorRights' required fields, first in its order: every kind of chat has them. */
export const REQUIRED_ADMIN_RIGHT_NAMES = [
  'can_manage_chat',
  'can_delete_messages',
  'can_manage_video_chats',
  'can_restrict_members',
  'can_promote_members',
  'can_change_info',
  'can_invite_users',
  'can_post_stories',
  'can_edit_stories',
  'can_delete_stories',
] as const;

/** The rights of ChatAdministratorRights, in the Bot API's order (`is_anonymous` aside). */
export const ADMIN_RIGHT_NAMES = [
  ...REQUIRED_ADMIN_RIGHT_NAMES,
  'can_post_messages',
  'can_edit_messages',
  'can_pin_messages',
  'can_manage_topics',
  'can_manage_direct_messages',
  'can_manage_tags',
  // Bot API 10.3 (@grammyjs/types 5.0.0; ADR 0096): every kind of chat; a right held and granted,
  // which nothing else of Parley asks for (it has no welcome messages).
  'can_send_welcome_messages',
] as const;

/** The fields of ChatPermissions, in the Bot API's order. */
export const PERMISSION_NAMES = [
  'can_send_messages',
  'can_send_audios',
  'can_send_documents',
  'can_send_photos',
  'can_send_videos',
  'can_send_video_notes',
  'can_send_voice_notes',
  'can_send_polls',
  'can_send_other_messages',
  'can_add_web_page_previews',
  'can_react_to_messages',
  'can_edit_tag',
  'can_change_info',
  'can_invite_users',
  'can_pin_messages',
  'can_manage_topics',
] as const;

/** BusinessBotRights (spec), as a person gives them, in the Bot API's order. */
export const BUSINESS_RIGHT_NAMES = [
  'can_reply',
  'can_read_messages',
  'can_delete_sent_messages',
  'can_delete_all_messages',
  'can_edit_name',
  'can_edit_bio',
  'can_edit_profile_photo',
  'can_edit_username',
  'can_change_gift_settings',
  'can_view_gifts_and_stars',
  'can_convert_gifts_to_stars',
  'can_transfer_and_upgrade_gifts',
  'can_transfer_stars',
  'can_manage_stories',
] as const;

export type AdminRightName = (typeof ADMIN_RIGHT_NAMES)[number];
export type PermissionName = (typeof PERMISSION_NAMES)[number];
