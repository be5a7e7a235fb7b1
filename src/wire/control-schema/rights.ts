/**
 * The names of administrator rights and chat permissions, kept here once for the control API (the
 * rights and permissions of `/control/chats/promote` and `/control/chats/restrict`, the test kit's
 * types, the CLI's flags). src/platform/chats/chat-rights.ts keeps its own keys, as the platform
 * may not import the test kit; a test checks that the two lists are equal.
 */

/** The rights of ChatAdministratorRights, in the Bot API's order (`is_anonymous` aside). */
export const ADMIN_RIGHT_NAMES = [
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
  'can_post_messages',
  'can_edit_messages',
  'can_pin_messages',
  'can_manage_topics',
  'can_manage_direct_messages',
  'can_manage_tags',
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

export type AdminRightName = (typeof ADMIN_RIGHT_NAMES)[number];
export type PermissionName = (typeof PERMISSION_NAMES)[number];
