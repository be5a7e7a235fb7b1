/**
 * The test kit's types of a world file (ADR 0102), as `GET /control/world` answers it and
 * `POST /control/world` and `createParley({ world })` take it. The server's own types of the same
 * file are src/platform/world/world-types.ts; src/wire/control-types-agree.test.ts holds the two
 * to each other. A user reference is a user id, `@username` or an E.164 phone number.
 */
type Ref = number | string;
type Flags = { [name: string]: boolean };

export interface WorldFile {
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
  devices?: Array<{ name: string; online?: boolean; receipt_delay?: number; read_delay?: number | null }>;
}

export interface WorldMenuButton {
  type: 'commands' | 'web_app' | 'default';
  text?: string;
  web_app?: { url: string };
}

export interface WorldBotTexts {
  name?: string;
  description?: string;
  short_description?: string;
}

export interface WorldBot extends WorldBotTexts {
  token?: string;
  id?: number;
  username: string;
  first_name?: string;
  can_join_groups?: boolean;
  can_read_all_group_messages?: boolean;
  supports_inline_queries?: boolean;
  inline_placeholder?: string;
  supports_guest_queries?: boolean;
  supports_join_request_queries?: boolean;
  allowed_updates?: string[];
  webhook?: { url: string; secret_token?: string; max_connections?: number; ip_address?: string };
  translations?: Record<string, WorldBotTexts>;
  commands?: Array<{
    scope?: { type: string; chat?: Ref; user?: Ref };
    language_code?: string;
    commands: Array<{ command: string; description: string; is_ephemeral?: boolean }>;
  }>;
  menu_button?: WorldMenuButton;
  chat_menu_buttons?: Array<{ user: Ref; menu_button: WorldMenuButton }>;
  default_administrator_rights?: { groups?: Flags; channels?: Flags };
}

export interface WorldChat {
  id?: number;
  type: 'private' | 'group' | 'supergroup' | 'channel';
  title?: string;
  username?: string;
  description?: string;
  permissions?: Flags;
  is_forum?: boolean;
  members?: WorldMember[];
  topics?: WorldTopic[];
  invite_links?: WorldInviteLink[];
  messages?: Array<{
    id: number;
    from?: Ref;
    date: number;
    edit_date?: number;
    content: Record<string, unknown>;
    pinned?: boolean;
    reactions?: Array<{ user: Ref; reaction: Array<Record<string, unknown>>; is_big?: boolean }>;
  }>;
}

export interface WorldMember {
  user: Ref;
  status: 'creator' | 'administrator' | 'member' | 'restricted' | 'left' | 'kicked';
  rights?: Flags;
  custom_title?: string;
  is_anonymous?: boolean;
  promoted_by?: Ref;
  permissions?: Flags;
  is_member?: boolean;
  until_date?: number;
}

export interface WorldTopic {
  thread_id?: number;
  name: string;
  icon_color?: number;
  icon_custom_emoji_id?: string;
  creator?: Ref;
  is_closed?: boolean;
  is_hidden?: boolean;
}

export interface WorldInviteLink {
  link?: string;
  creator?: Ref;
  name?: string;
  expire_date?: number;
  member_limit?: number;
  creates_join_request?: boolean;
  is_primary?: boolean;
  is_revoked?: boolean;
}

export interface WorldGatewayAccount {
  owner: Ref;
  token?: string;
  balance?: number;
  default_price?: number;
  prices?: Record<string, number>;
}

/** What `POST /control/world` created, in the file's order. */
export interface WorldImported {
  people: Array<{ id: number; phone_number: string }>;
  bots: Array<{ id: number; username: string; token: string }>;
  chats: Array<{ id: number | null; type: string; title: string | null }>;
  gateway_accounts: Array<{ id: number; owner_user_id: number; access_token: string }>;
  messages: number;
}
