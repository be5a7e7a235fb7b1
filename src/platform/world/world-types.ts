/**
 * A world file (ADR 0102): the people, devices, bots, chats, members and gateway accounts of a
 * workspace (and, on request, its messages) as one plain object, written as JSON or YAML. What
 * `world export` writes and `world import` reads. Every id and token is optional on import: given,
 * it is kept (checked as the platform checks its own); absent, a new one is made.
 *
 * References to users (`WorldRef`) are a user id, `@username` or an E.164 phone number, and are
 * resolved against the file's people and bots first, then against the workspace's users. References
 * to chats (a command scope's `chat`) are a chat id as a bot sees it (a user id for the private chat
 * with that user) or a public chat's `@username`.
 */
import type { AdminRights, ChatPermissions } from '../chats/chat-rights.js';
import type { MenuButton } from '../../wire/bot-api-types.js';
import type { BotCommand } from '../users/bot-settings.js';
import type { MemberStatus } from '../../storage/store.js';

export type WorldRef = number | string;

export interface WorldFile {
  /** The format's version; 1 (the only one) when absent. */
  version?: number;
  people?: WorldPerson[];
  bots?: WorldBot[];
  chats?: WorldChat[];
  gateway_accounts?: WorldGatewayAccount[];
}

export interface WorldPerson {
  id?: number;
  phone_number: string;
  first_name?: string;
  last_name?: string;
  username?: string;
  language_code?: string;
  /** The person's devices (ADR 0011); without any, the default one is made on first use. */
  devices?: WorldDevice[];
}

export interface WorldDevice {
  name: string;
  online?: boolean;
  receipt_delay?: number;
  read_delay?: number | null;
}

export interface WorldBot {
  /** `<BOT_ID>:<SECRET>`; its id is the bot's id. */
  token?: string;
  /** The bot's id when no token is given. */
  id?: number;
  username: string;
  first_name?: string;
  can_join_groups?: boolean;
  can_read_all_group_messages?: boolean;
  supports_inline_queries?: boolean;
  inline_placeholder?: string;
  /** Guest queries and join request queries (the control API's bot settings of the same names). */
  supports_guest_queries?: boolean;
  supports_join_request_queries?: boolean;
  /** The bot's update types (getUpdates' and the webhook's), absent for the default set. */
  allowed_updates?: string[];
  webhook?: WorldWebhook;
  /** The bot's texts for all languages (setMyName, setMyDescription, setMyShortDescription). */
  name?: string;
  description?: string;
  short_description?: string;
  /** The same texts per language code. */
  translations?: Record<string, WorldBotTexts>;
  commands?: WorldCommands[];
  /** The bot's default menu button (setChatMenuButton without a chat). */
  menu_button?: MenuButton;
  /** Menu buttons of private chats with single users. */
  chat_menu_buttons?: Array<{ user: WorldRef; menu_button: MenuButton }>;
  default_administrator_rights?: { groups?: AdminRights; channels?: AdminRights };
}

export interface WorldBotTexts {
  name?: string;
  description?: string;
  short_description?: string;
}

export interface WorldWebhook {
  url: string;
  secret_token?: string;
  max_connections?: number;
  /** A fixed IP address given with setWebhook (used instead of DNS). */
  ip_address?: string;
}

export type WorldScopeType =
  | 'default'
  | 'all_private_chats'
  | 'all_group_chats'
  | 'all_chat_administrators'
  | 'chat'
  | 'chat_administrators'
  | 'chat_member';

export interface WorldCommands {
  /** BotCommandScope; `default` when absent. `chat` is a chat id or `@username`, `user` a user reference. */
  scope?: { type: WorldScopeType; chat?: WorldRef; user?: WorldRef };
  /** Absent or empty: for all languages. */
  language_code?: string;
  commands: BotCommand[];
}

export interface WorldChat {
  /** The chat's id (groups: negative; supergroups and channels: -100...). Private chats have none. */
  id?: number;
  type: 'private' | 'group' | 'supergroup' | 'channel';
  title?: string;
  username?: string;
  description?: string;
  /** Groups and supergroups: the members' default permissions; absent: everything allowed. */
  permissions?: ChatPermissions;
  /** Supergroups: topics on. */
  is_forum?: boolean;
  /** Private chats: exactly its two users; other chats: one creator and whoever else. */
  members?: WorldMember[];
  /** Forums: their topics in thread order, General (thread 1) included; a forum without it gets it. */
  topics?: WorldTopic[];
  /** Groups, supergroups and channels: their invite links, oldest first. */
  invite_links?: WorldInviteLink[];
  /** With `world export --messages`: the chat's messages, oldest first. */
  messages?: WorldMessage[];
}

export interface WorldTopic {
  /**
   * The topic's thread id (the message id of its forum_topic_created message; 1 is General). Absent:
   * the next id after the chat's messages and the file's other threads.
   */
  thread_id?: number;
  name: string;
  /** One of the six colours createForumTopic allows; absent: the first. */
  icon_color?: number;
  icon_custom_emoji_id?: string;
  /** Who created it; absent: the chat's creator. */
  creator?: WorldRef;
  is_closed?: boolean;
  /** General only. */
  is_hidden?: boolean;
}

export interface WorldInviteLink {
  /** The link (`https://t.me/+HASH`, `+HASH` or the hash), kept on import; absent: a new one. */
  link?: string;
  /** Who made it; absent: the chat's creator. */
  creator?: WorldRef;
  name?: string;
  expire_date?: number;
  member_limit?: number;
  creates_join_request?: boolean;
  /** The creator's primary link (exportChatInviteLink). */
  is_primary?: boolean;
  is_revoked?: boolean;
}

export interface WorldMember {
  user: WorldRef;
  status: MemberStatus;
  /** Administrators: their rights. */
  rights?: AdminRights;
  custom_title?: string;
  /** The creator's anonymity. */
  is_anonymous?: boolean;
  /** Administrators: who promoted them (a bot edits only those it promoted). */
  promoted_by?: WorldRef;
  /** Restricted members: their own permissions, and whether they are in the chat. */
  permissions?: ChatPermissions;
  is_member?: boolean;
  /** Restricted and kicked members: when it ends (Unix seconds), 0 = forever. */
  until_date?: number;
}

export interface WorldMessage {
  id: number;
  /** The sender; absent for service messages without one. */
  from?: WorldRef;
  /** Unix seconds (virtual time). */
  date: number;
  edit_date?: number;
  /** The message's content as stored: the wire Message's content fields (text, entities, ...). */
  content: Record<string, unknown>;
  /** Pinned in its chat. */
  pinned?: boolean;
  /** Users' reactions to it, by user id. */
  reactions?: WorldReaction[];
}

export interface WorldReaction {
  user: WorldRef;
  /** ReactionType objects, in the order chosen (`{ type: emoji, emoji }`, `{ type: custom_emoji, custom_emoji_id }`, `{ type: paid }`). */
  reaction: Array<Record<string, unknown>>;
  is_big?: boolean;
}

export interface WorldGatewayAccount {
  /** The owner: a person with a phone number. */
  owner: WorldRef;
  /** The access token (`AA` and 44 URL-safe characters); absent: a new one, shown in the answer. */
  token?: string;
  /** Credits. */
  balance?: number;
  default_price?: number;
  /** Price overrides by prefix (country calling code), in credits. */
  prices?: Record<string, number>;
}

/** What an import made: the ids and tokens of what it created, in the file's order. */
export interface WorldImported {
  people: Array<{ id: number; phone_number: string }>;
  bots: Array<{ id: number; username: string; token: string }>;
  chats: Array<{ id: number | null; type: string; title: string | null }>;
  gateway_accounts: Array<{ id: number; owner_user_id: number; access_token: string }>;
  messages: number;
}
