/** The schemas of results (components.ts): groups, channels, communities, topics, invite links and polls, inline results, Mini Apps and Passport. */
import { external, type JsonSchema } from './json-schema.js';

export const CHATS_RESULTS = {
  ChatMember: {
    type: 'object',
    description: "The Bot API's ChatMember (its variant is `status`); `can_be_edited` is always false here.",
    required: ['user', 'status'],
    properties: {
      user: { $ref: '#/components/schemas/User' },
      status: { enum: ['creator', 'administrator', 'member', 'restricted', 'left', 'kicked'] },
      until_date: { type: 'integer' },
    },
    additionalProperties: true,
  },
  ChatRecord: {
    type: 'object',
    required: ['id', 'type', 'title', 'members'],
    properties: {
      id: { type: 'integer' },
      type: { enum: ['group', 'supergroup', 'channel'] },
      title: { type: 'string' },
      username: { type: 'string' },
      description: { type: 'string' },
      permissions: external('AllChatPermissions', { $ref: '#/components/schemas/ChatPermissions' }),
      migrated_to_chat_id: { type: 'integer', description: "An upgraded group's supergroup." },
      is_forum: { const: true, description: 'A supergroup with topics on.' },
      members: { type: 'array', items: { $ref: '#/components/schemas/ChatMember' } },
    },
  },
  Community: {
    type: 'object',
    description: "The Bot API's Community (10.2): the id has up to 52 bits.",
    required: ['id', 'name'],
    properties: { id: { type: 'integer' }, name: { type: 'string' } },
  },
  CommunityRecord: {
    type: 'object',
    description: 'A community with its owner and its chats, in the order they were added (ADR 0077).',
    required: ['id', 'name', 'owner_id', 'chats'],
    properties: {
      id: { type: 'integer' },
      name: { type: 'string' },
      owner_id: { type: 'integer' },
      chats: { type: 'array', items: { $ref: '#/components/schemas/Chat' } },
    },
  },
  DirectMessagesChat: {
    type: 'object',
    description: "A channel's direct-messages chat (ADR 0053).",
    required: ['id', 'type', 'title', 'is_direct_messages', 'parent_chat', 'enabled', 'channel_star_balance'],
    properties: {
      id: { type: 'integer' },
      type: { const: 'supergroup' },
      title: { type: 'string' },
      is_direct_messages: { const: true },
      parent_chat: { $ref: '#/components/schemas/Chat' },
      enabled: { type: 'boolean', description: 'Whether people may write to it now.' },
      channel_star_balance: {
        type: 'object',
        required: ['amount'],
        properties: { amount: { type: 'integer' }, nanostar_amount: { type: 'integer' } },
        description: "The channel's Stars (StarAmount): paid suggested posts are paid out to it.",
      },
    },
  },
  ForumTopic: {
    type: 'object',
    description:
      "The Bot API's ForumTopic; listForumTopics adds is_closed, and is_general and is_hidden for General.",
    required: ['message_thread_id', 'name', 'icon_color'],
    properties: {
      message_thread_id: { type: 'integer' },
      name: { type: 'string' },
      icon_color: { type: 'integer' },
      icon_custom_emoji_id: { type: 'string' },
      is_closed: { type: 'boolean' },
      is_general: { const: true },
      is_hidden: { type: 'boolean' },
    },
  },
  ChatInviteLink: {
    type: 'object',
    required: ['invite_link', 'creator', 'creates_join_request', 'is_primary', 'is_revoked'],
    properties: {
      invite_link: {
        type: 'string',
        description: '`https://t.me/+<hash>`, or `<public-url>/+<hash>` with `--public-url` (ADR 0074)',
      },
      creator: { $ref: '#/components/schemas/User' },
      creates_join_request: { type: 'boolean' },
      is_primary: { type: 'boolean' },
      is_revoked: { type: 'boolean' },
      name: { type: 'string' },
      expire_date: { type: 'integer' },
      member_limit: { type: 'integer' },
      pending_join_request_count: { type: 'integer' },
    },
  },
  Poll: {
    description: 'The Bot API `Poll` (spec/bot-api.md); only the most used fields are listed.',
    type: 'object',
    required: ['id', 'question', 'options', 'total_voter_count', 'is_closed'],
    properties: {
      id: { type: 'string' },
      question: { type: 'string' },
      options: {
        type: 'array',
        items: {
          type: 'object',
          required: ['text', 'voter_count'],
          properties: {
            text: { type: 'string' },
            voter_count: { type: 'integer' },
            persistent_id: { type: 'string' },
          },
        },
      },
      total_voter_count: { type: 'integer' },
      is_closed: { type: 'boolean' },
    },
    additionalProperties: true,
  },
  CreatedGatewayAccount: {
    description: 'A new gateway account, with its access token (shown only here).',
    allOf: [
      { $ref: '#/components/schemas/GatewayAccount' },
      { type: 'object', required: ['access_token'], properties: { access_token: { type: 'string' } } },
    ],
  },
  ChosenInlineResult: {
    type: 'object',
    required: ['message'],
    properties: {
      message: { $ref: '#/components/schemas/Message' },
      inline_message_id: { type: 'string', description: 'Present when the result has an inline keyboard.' },
    },
  },
  WebAppLaunch: {
    type: 'object',
    description: 'What the client hands a Mini App it opens (docs/mini-apps.md).',
    required: ['url', 'init_data', 'launch_url', 'source'],
    properties: {
      url: { type: 'string', description: "The Mini App's URL, as the bot gave it." },
      init_data: {
        type: 'string',
        description: 'The signed launch data (Telegram.WebApp.initData); empty for a reply keyboard button.',
      },
      launch_url: { type: 'string', description: 'The URL with tgWebAppData in its fragment.' },
      source: { enum: ['menu_button', 'inline_button', 'keyboard_button', 'join_request'] },
      query_id: { type: 'string', description: 'For answerWebAppQuery (menu and inline buttons).' },
      button_text: { type: 'string' },
    },
  },
  PassportErrors: {
    type: 'object',
    description:
      "The errors a bot set on a user's Passport elements (setPassportDataErrors; docs/passport.md).",
    required: ['bot_id', 'errors'],
    properties: {
      bot_id: { type: 'integer' },
      errors: {
        type: 'array',
        description: 'Each a PassportElementError as the bot gave it, with `date` (Unix time it was set).',
        items: {
          type: 'object',
          required: ['source', 'type', 'message', 'date'],
          properties: {
            source: { type: 'string' },
            type: { type: 'string' },
            message: { type: 'string' },
            field_name: { type: 'string' },
            data_hash: { type: 'string' },
            file_hash: { type: 'string' },
            file_hashes: { type: 'array', items: { type: 'string' } },
            element_hash: { type: 'string' },
            date: { type: 'integer' },
          },
        },
      },
    },
  },
  WebAppKey: {
    type: 'object',
    required: ['algorithm', 'public_key'],
    properties: {
      algorithm: { const: 'Ed25519' },
      public_key: { type: 'string', description: 'The raw 32-byte public key as 64 hex digits.' },
    },
  },
  JoinChatResult: {
    type: 'object',
    required: ['status', 'chat'],
    properties: {
      status: {
        enum: ['member', 'requested'],
        description: '`requested` when the link makes a join request that an administrator must approve.',
      },
      chat: { $ref: '#/components/schemas/Chat' },
    },
  },
} as const satisfies Readonly<Record<string, JsonSchema>>;
