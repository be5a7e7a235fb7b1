/** The schemas of results (components.ts): references, people, bots, messages and what a person's client shows of them, faults, workspaces and the clock. */
import { external, type JsonSchema } from './json-schema.js';

export const PEOPLE_RESULTS = {
  UserRef: {
    description: 'A user id, an E.164 phone number (`+15550001`) or `@username`.',
    oneOf: [{ type: 'integer' }, { type: 'string' }],
    examples: [123456, '+15550001', '@alice'],
  },
  ChatRef: {
    description: '`@username` of a bot (the private chat with it) or a chat id as the acting user sees it.',
    oneOf: [{ type: 'integer' }, { type: 'string' }],
    examples: ['@echo_bot', -1001234567890],
  },
  Credits: {
    oneOf: [
      { type: 'number', minimum: 0 },
      { type: 'string', pattern: '^\\d{1,10}(\\.\\d{1,6})?$' },
    ],
    description: 'Credits, at most 6 decimals (kept as integer units of 10^-6).',
  },
  UserRecord: {
    type: 'object',
    required: ['id', 'is_bot', 'first_name', 'phone_number'],
    properties: {
      id: { type: 'integer' },
      is_bot: { const: false },
      first_name: { type: 'string' },
      last_name: { type: 'string' },
      username: { type: 'string' },
      language_code: { type: 'string' },
      phone_number: { type: 'string' },
    },
  },
  BotRecord: {
    type: 'object',
    required: [
      'id',
      'is_bot',
      'first_name',
      'username',
      'token',
      'can_join_groups',
      'can_read_all_group_messages',
      'supports_inline_queries',
    ],
    properties: {
      id: { type: 'integer' },
      is_bot: { const: true },
      first_name: { type: 'string' },
      username: { type: 'string' },
      token: { type: 'string', description: 'The Bot API token, `<id>:<secret>`.' },
      can_join_groups: { type: 'boolean' },
      can_read_all_group_messages: { type: 'boolean' },
      supports_inline_queries: { type: 'boolean' },
      inline_placeholder: {
        type: 'string',
        description: 'The inline placeholder given at creation; absent when none.',
      },
    },
  },
  PressResult: {
    type: 'object',
    required: ['answered'],
    properties: {
      query_id: { type: 'string', description: 'Absent for a url button.' },
      answered: { type: 'boolean', description: 'Whether the bot answered before the timeout.' },
      text: { type: 'string' },
      show_alert: { type: 'boolean' },
      url: { type: 'string' },
    },
  },
  FaultRule: {
    description: 'A fault rule (ADR 0058); the effect and duration fields are there when set.',
    type: 'object',
    required: ['id', 'surface', 'target_id', 'created_at'],
    properties: {
      id: { type: 'integer' },
      surface: { type: 'string', enum: ['bot_api', 'gateway', 'webhook'] },
      target_id: { type: 'integer', description: 'The bot (bot_api, webhook) or the gateway account.' },
      method: { type: 'string', description: 'Lower-cased; absent: every method.' },
      status: { type: 'integer' },
      description: { type: 'string' },
      retry_after: { type: 'integer' },
      error: { type: 'string' },
      latency_ms: { type: 'integer' },
      drop: { type: 'boolean' },
      times: { type: 'integer' },
      calls: {
        type: 'integer',
        description: 'Matching calls counted so far (rules with times or probability).',
      },
      until: { type: 'integer', description: 'Unix time on the virtual clock.' },
      probability: { type: 'number' },
      seed: { type: 'integer' },
      created_at: { type: 'integer', description: 'Unix time on the virtual clock.' },
    },
  },
  Workspace: {
    description: 'A workspace (ADR 0061) and the roots a client points at.',
    type: 'object',
    required: [
      'name',
      'created_at',
      'open',
      'server_url',
      'api_root',
      'control_url',
      'gateway_url',
      'web_url',
    ],
    properties: {
      name: { type: 'string' },
      created_at: { type: 'integer', description: 'Unix seconds (real time).' },
      open: {
        type: 'boolean',
        description:
          'Whether its storage and workers are open on this server now: a workspace opens on its first ' +
          'request and closes when idle (ADR 0064); false does not change what it answers.',
      },
      server_url: { type: 'string', description: "The CLI's `--server` and the test kit's `url`." },
      api_root: { type: 'string', description: "A bot library's API root (grammY `apiRoot`)." },
      control_url: { type: 'string' },
      gateway_url: { type: 'string', description: "The gateway's base URL." },
      web_url: { type: 'string', description: 'The web client.' },
    },
  },
  CreatedWorkspace: {
    description: 'A new workspace with its admin token (shown only here).',
    allOf: [
      { $ref: '#/components/schemas/Workspace' },
      { type: 'object', required: ['admin_token'], properties: { admin_token: { type: 'string' } } },
    ],
  },
  FaultsCleared: {
    type: 'object',
    required: ['removed'],
    properties: { removed: { type: 'integer', description: 'How many rules were removed.' } },
  },
  ClockState: {
    type: 'object',
    required: ['now', 'offset_seconds'],
    properties: {
      now: { type: 'integer', description: 'Unix seconds on the virtual clock.' },
      offset_seconds: {
        type: 'integer',
        description: 'How far the virtual clock is ahead of the system clock.',
      },
    },
  },
  User: {
    description: 'The Bot API `User`.',
    type: 'object',
    required: ['id', 'is_bot', 'first_name'],
    properties: {
      id: { type: 'integer' },
      is_bot: { type: 'boolean' },
      first_name: { type: 'string' },
      last_name: { type: 'string' },
      username: { type: 'string' },
      language_code: { type: 'string' },
    },
    additionalProperties: true,
  },
  Chat: {
    description: 'The Bot API `Chat`; in a private chat with a bot, it is the bot.',
    type: 'object',
    required: ['id', 'type'],
    properties: {
      id: { type: 'integer' },
      type: { type: 'string', enum: ['private', 'group', 'supergroup', 'channel'] },
      title: { type: 'string' },
      username: { type: 'string' },
      first_name: { type: 'string' },
      last_name: { type: 'string' },
    },
    additionalProperties: true,
  },
  Message: {
    description:
      'The Bot API `Message` as the acting user sees it. Only the most used fields are listed; any other field of the Bot API may appear.',
    type: 'object',
    required: ['message_id', 'date', 'chat'],
    properties: {
      message_id: { type: 'integer' },
      date: { type: 'integer', description: 'Unix seconds on the virtual clock.' },
      chat: { $ref: '#/components/schemas/Chat' },
      from: { $ref: '#/components/schemas/User' },
      text: { type: 'string' },
      entities: {
        type: 'array',
        items: {
          type: 'object',
          required: ['type', 'offset', 'length'],
          properties: { type: { type: 'string' }, offset: { type: 'integer' }, length: { type: 'integer' } },
          additionalProperties: true,
        },
      },
      reply_to_message: { $ref: '#/components/schemas/Message' },
      reply_markup: {
        type: 'object',
        required: ['inline_keyboard'],
        properties: {
          inline_keyboard: {
            type: 'array',
            items: {
              type: 'array',
              items: {
                type: 'object',
                required: ['text'],
                properties: { text: { type: 'string' } },
                additionalProperties: true,
              },
            },
          },
        },
      },
    },
    additionalProperties: true,
  },
  InlineQueryAnswer: {
    type: 'object',
    required: ['query_id', 'answered'],
    properties: {
      query_id: { type: 'string' },
      answered: {
        type: 'boolean',
        description: 'Whether the bot answered before the timeout (or the answer came from the cache).',
      },
      from_cache: {
        const: true,
        description: 'The cached answer to an earlier identical query; the bot was not asked.',
      },
      results: {
        type: 'array',
        maxItems: 50,
        description: 'The InlineQueryResult objects as the bot sent them.',
        items: {
          type: 'object',
          required: ['type', 'id'],
          properties: { type: { type: 'string' }, id: { type: 'string' } },
          additionalProperties: true,
        },
      },
      next_offset: { type: 'string' },
      button: {
        type: 'object',
        required: ['text'],
        properties: {
          text: { type: 'string' },
          start_parameter: { type: 'string' },
          web_app: { type: 'object', required: ['url'], properties: { url: { type: 'string' } } },
        },
      },
      cache_time: { type: 'integer' },
      is_personal: { type: 'boolean' },
    },
  },
  ReactionType: {
    oneOf: [
      {
        type: 'object',
        required: ['type', 'emoji'],
        properties: {
          type: { const: 'emoji' },
          emoji: { type: 'string', description: 'One of the emoji of spec ReactionTypeEmoji.' },
        },
      },
      {
        type: 'object',
        required: ['type', 'custom_emoji_id'],
        properties: { type: { const: 'custom_emoji' }, custom_emoji_id: { type: 'string' } },
      },
      { type: 'object', required: ['type'], properties: { type: { const: 'paid' } } },
    ],
  },
  MessageDraft: {
    description:
      'A draft a bot streams into its private chat with the user (sendMessageDraft: `text`; sendRichMessageDraft: `rich_message`).',
    type: 'object',
    required: ['draft_id', 'from', 'date', 'expires_at'],
    properties: {
      draft_id: { type: 'integer' },
      from: { $ref: '#/components/schemas/User' },
      date: { type: 'integer', description: "Unix seconds of the draft's last version." },
      message_thread_id: { type: 'integer' },
      text: { type: 'string', description: 'Empty: the "Thinking..." placeholder.' },
      entities: {
        type: 'array',
        items: external('MessageEntity', { type: 'object', additionalProperties: true }),
      },
      rich_message: {
        type: 'object',
        additionalProperties: true,
        description: 'The RichMessage of a sendRichMessageDraft (ADR 0051).',
      },
      expires_at: {
        type: 'integer',
        description: 'Unix seconds when the preview ends unless streamed again.',
      },
    },
  },
  ProfileAudios: {
    description: "A user's profile audios (the Bot API's UserProfileAudios), the newest first.",
    type: 'object',
    required: ['total_count', 'audios'],
    properties: {
      total_count: { type: 'integer' },
      audios: { type: 'array', items: external('Audio', { type: 'object', additionalProperties: true }) },
    },
  },
  ProfilePhotos: {
    description:
      "A user's profile photos (the Bot API's UserProfilePhotos), the newest first, each an array of PhotoSize.",
    type: 'object',
    required: ['total_count', 'photos'],
    properties: {
      total_count: { type: 'integer' },
      photos: {
        type: 'array',
        items: {
          type: 'array',
          items: external('PhotoSize', { type: 'object', additionalProperties: true }),
        },
      },
    },
  },
  MessageReactions: {
    type: 'object',
    required: ['message_id', 'reactions', 'chosen'],
    properties: {
      message_id: { type: 'integer' },
      reactions: {
        type: 'array',
        description: 'Totals per reaction, the most chosen first.',
        items: {
          type: 'object',
          required: ['type', 'total_count'],
          properties: {
            type: { $ref: '#/components/schemas/ReactionType' },
            total_count: { type: 'integer' },
          },
        },
      },
      chosen: {
        type: 'array',
        description: "The acting user's own reactions.",
        items: { $ref: '#/components/schemas/ReactionType' },
      },
      recent: {
        type: 'array',
        description: 'Who reacted how; absent in channels, where reactions are anonymous.',
        items: {
          type: 'object',
          required: ['user', 'reaction'],
          properties: {
            user: { $ref: '#/components/schemas/User' },
            reaction: { type: 'array', items: { $ref: '#/components/schemas/ReactionType' } },
          },
        },
      },
    },
  },
} as const satisfies Readonly<Record<string, JsonSchema>>;
