/**
 * The hand-written part of the OpenAPI document that the generator (openapi.ts) merges in: the
 * schemas of the results, which are TypeScript types of src/wire/control-types.ts by the same
 * names, and the error answers that routes share. Each route names its result; a test checks that
 * every name has a schema here and a type there.
 *
 * Long because: it is one table of the JSON Schemas of the results, one entry per type of
 * control-types.ts, which a test checks name by name.
 */

import { WORLD_SCHEMAS } from './world-schemas.js';

/** A JSON Schema of the document (OpenAPI 3.1). */
export type JsonSchema = { readonly [key: string]: unknown };

/** The schemas of the results and of what they are made of, and of the references, by name. */
export const COMPONENT_SCHEMAS: Readonly<Record<string, JsonSchema>> = {
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
          web_app: { type: 'object', properties: { url: { type: 'string' } } },
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
      entities: { type: 'array', items: { type: 'object', additionalProperties: true } },
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
      audios: { type: 'array', items: { type: 'object', additionalProperties: true } },
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
        items: { type: 'array', items: { type: 'object', additionalProperties: true } },
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
  GatewayAccount: {
    type: 'object',
    required: ['id', 'owner', 'balance', 'default_price', 'prices', 'created_at'],
    properties: {
      id: { type: 'integer' },
      owner: {
        type: 'object',
        required: ['user_id', 'phone_number'],
        properties: { user_id: { type: 'integer' }, phone_number: { type: 'string' } },
      },
      balance: { type: 'number' },
      default_price: { type: 'number' },
      prices: { type: 'object', additionalProperties: { type: 'number' }, description: 'Prefix -> price.' },
      created_at: { type: 'integer' },
    },
  },
  BotSummary: {
    type: 'object',
    required: ['id', 'first_name', 'username', 'pending_update_count', 'webhook'],
    properties: {
      id: { type: 'integer' },
      first_name: { type: 'string' },
      username: { type: 'string' },
      pending_update_count: { type: 'integer' },
      webhook: {
        type: 'object',
        description: "The bot's getWebhookInfo answer (`url` empty: the bot polls).",
        additionalProperties: true,
      },
    },
  },
  PendingUpdate: {
    type: 'object',
    required: ['update_id', 'type', 'date', 'attempts', 'update'],
    properties: {
      update_id: { type: 'integer' },
      type: { type: 'string', description: 'The Update field: `message`, `callback_query`, ...' },
      date: { type: 'integer', description: 'When it was queued.' },
      attempts: { type: 'integer', description: 'Webhook deliveries tried so far.' },
      next_attempt_date: { type: 'integer', description: 'After a failed delivery: the next try.' },
      update: { type: 'object', additionalProperties: true, description: 'The Update as the bot gets it.' },
    },
  },
  VerificationRequestView: {
    type: 'object',
    required: ['request_id', 'account_id', 'phone_number', 'cost', 'is_refunded', 'created_at'],
    properties: {
      request_id: { type: 'string' },
      account_id: { type: 'integer' },
      phone_number: { type: 'string' },
      cost: { type: 'number', description: 'Credits.' },
      is_refunded: { type: 'boolean' },
      created_at: { type: 'integer' },
      sent_at: { type: 'integer' },
      delivery_status: { enum: ['sent', 'delivered', 'read', 'expired', 'revoked'] },
      verification_status: { enum: ['code_valid', 'code_invalid', 'code_max_attempts_exceeded', 'expired'] },
      code_entered: { type: 'string' },
      attempts: { type: 'integer', description: 'Wrong codes entered.' },
      callback_url: { type: 'string' },
      payload: { type: 'string' },
      ttl: { type: 'integer' },
      code: { type: 'string', description: 'As the person received it, while the message exists.' },
      sender_username: { type: 'string' },
    },
  },
  LedgerEntry: {
    type: 'object',
    required: ['id', 'kind', 'amount', 'balance_after', 'created_at'],
    properties: {
      id: { type: 'integer' },
      kind: { enum: ['top_up', 'charge', 'refund'] },
      amount: { type: 'number', description: 'Negative for a charge.' },
      balance_after: { type: 'number' },
      request_id: { type: 'string' },
      created_at: { type: 'integer' },
    },
  },
  SenderChannel: {
    type: 'object',
    required: ['id', 'username', 'title', 'owner_user_id', 'verified'],
    properties: {
      id: { type: 'integer' },
      username: { type: 'string' },
      title: { type: 'string' },
      owner_user_id: { type: ['integer', 'null'] },
      verified: { type: 'boolean' },
    },
  },
  VerificationInboxEntry: {
    type: 'object',
    required: ['request_id', 'phone_number', 'date', 'delivery_status'],
    properties: {
      request_id: { type: 'string' },
      phone_number: { type: 'string' },
      date: { type: 'integer' },
      delivery_status: { enum: ['sent', 'delivered', 'read', 'expired', 'revoked'] },
      verification_status: { enum: ['code_valid', 'code_invalid', 'code_max_attempts_exceeded', 'expired'] },
      sender_username: { type: 'string' },
      message_id: { type: 'integer', description: 'While the message is in the chat.' },
      text: { type: 'string' },
      code: { type: 'string' },
    },
  },
  ReceivedCode: {
    type: 'object',
    required: ['request_id', 'phone_number', 'code', 'message_id', 'date'],
    properties: {
      request_id: { type: 'string' },
      phone_number: { type: 'string' },
      code: { type: 'string' },
      message_id: { type: 'integer' },
      date: { type: 'integer' },
      sender_username: { type: 'string' },
    },
  },
  DeliveryLog: {
    type: 'object',
    required: ['attempts', 'pending'],
    properties: {
      attempts: {
        type: 'array',
        items: {
          type: 'object',
          required: [
            'id',
            'request_id',
            'attempt',
            'url',
            'timestamp',
            'signature',
            'body',
            'outcome',
            'date',
          ],
          properties: {
            id: { type: 'integer' },
            request_id: { type: 'string' },
            attempt: { type: 'integer', minimum: 1, maximum: 11 },
            url: { type: 'string' },
            timestamp: { type: 'integer', description: 'X-Request-Timestamp sent.' },
            signature: { type: 'string', description: 'X-Request-Signature sent.' },
            body: { type: 'string' },
            status_code: { type: 'integer' },
            error: { type: 'string' },
            outcome: { enum: ['delivered', 'failed', 'lost'] },
            date: { type: 'integer' },
            next_attempt_date: { type: 'integer' },
          },
        },
      },
      pending: {
        type: 'array',
        items: {
          type: 'object',
          required: ['request_id', 'attempts', 'next_attempt_date', 'body'],
          properties: {
            request_id: { type: 'string' },
            attempts: { type: 'integer' },
            next_attempt_date: { type: 'integer' },
            body: { type: 'string' },
          },
        },
      },
    },
  },
  MessageSearchPage: {
    type: 'object',
    description: 'A page of a message search (ADR 0101), newest first.',
    required: ['messages'],
    properties: {
      messages: { type: 'array', items: { $ref: '#/components/schemas/Message' } },
      next_cursor: { type: 'string', description: '`cursor` for the next page; absent on the last.' },
    },
  },
  TimelinePage: {
    type: 'object',
    description: 'A page of the timeline (ADR 0099), newest first.',
    required: ['events', 'last_id'],
    properties: {
      events: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id', 'date', 'at_ms', 'kind', 'name', 'status', 'summary'],
          properties: {
            id: { type: 'integer' },
            date: { type: 'integer' },
            at_ms: { type: 'integer' },
            kind: { enum: ['call', 'update', 'delivery', 'gateway', 'action', 'fault'] },
            name: { type: 'string' },
            bot_id: { type: 'integer' },
            chat_id: { type: 'integer' },
            person_id: { type: 'integer' },
            status: { type: 'string' },
            summary: { type: 'string' },
            duration_ms: { type: 'integer' },
            request: { type: 'string', description: 'The raw request (JSON text, redacted).' },
            answer: { type: 'string', description: 'The raw answer (JSON text, redacted).' },
          },
        },
      },
      next_cursor: { type: 'integer', description: '`before` for the next page; absent on the last.' },
      last_id: { type: 'integer', description: 'The newest id seen, for `after`.' },
    },
  },
  WebhookDeliveryLog: {
    type: 'object',
    description: "A bot's webhook delivery log (ADR 0059): the gateway's DeliveryLog shape, by update.",
    required: ['attempts', 'pending'],
    properties: {
      attempts: {
        type: 'array',
        items: {
          type: 'object',
          required: [
            'id',
            'bot_id',
            'update_id',
            'update_type',
            'attempt',
            'url',
            'request_bytes',
            'outcome',
            'duration_ms',
            'date',
          ],
          properties: {
            id: { type: 'integer' },
            bot_id: { type: 'integer' },
            update_id: { type: 'integer' },
            update_type: { type: 'string' },
            attempt: { type: 'integer', minimum: 1 },
            url: { type: 'string', description: 'The webhook url without credentials.' },
            request_bytes: { type: 'integer' },
            status_code: { type: 'integer' },
            error: { type: 'string' },
            outcome: { enum: ['delivered', 'failed', 'lost'] },
            duration_ms: { type: 'integer' },
            date: { type: 'integer' },
            next_attempt_date: { type: 'integer' },
            body: { type: 'string', description: 'The request body, while the log keeps it.' },
          },
        },
      },
      pending: {
        type: 'array',
        items: {
          type: 'object',
          required: ['update_id', 'update_type', 'attempts', 'next_attempt_date', 'body'],
          properties: {
            update_id: { type: 'integer' },
            update_type: { type: 'string' },
            attempts: { type: 'integer' },
            next_attempt_date: { type: 'integer' },
            body: { type: 'string' },
          },
        },
      },
    },
  },
  WebhookReplay: {
    type: 'object',
    required: ['bot_id', 'update_id', 'mode'],
    properties: {
      bot_id: { type: 'integer' },
      update_id: { type: 'integer' },
      mode: {
        enum: ['retried', 'resent'],
        description: '`retried`: a pending update is due now; `resent`: a delivered one is queued again.',
      },
    },
  },
  Transcript: {
    type: 'object',
    description: 'A chat as a person sees it, normalised (ADR 0059).',
    required: ['format'],
    properties: {
      format: { enum: ['text', 'json'] },
      text: { type: 'string', description: 'Format text: one line per message, ending with a newline.' },
      messages: {
        type: 'array',
        description: 'Format json: the Message objects, normalised.',
        items: { type: 'object' },
      },
    },
  },
  Device: {
    type: 'object',
    required: ['id', 'user_id', 'name', 'online', 'receipt_delay', 'read_delay'],
    properties: {
      id: { type: 'integer' },
      user_id: { type: 'integer' },
      name: { type: 'string' },
      online: { type: 'boolean' },
      receipt_delay: { type: 'integer', description: 'Seconds until an online device acknowledges receipt.' },
      read_delay: {
        type: ['integer', 'null'],
        description: 'Seconds after receipt until it reports read; null when the person reads.',
      },
    },
  },
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
      permissions: { $ref: '#/components/schemas/ChatPermissions' },
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
  GameRecord: {
    type: 'object',
    required: ['bot_id', 'short_name', 'title', 'description'],
    properties: {
      bot_id: { type: 'integer' },
      short_name: { type: 'string' },
      title: { type: 'string' },
      description: { type: 'string' },
    },
  },
  ChatBoost: {
    description:
      "The Bot API's ChatBoost: the source is `premium` with the boosting user, or `giveaway` for a " +
      'boost won in a giveaway (ADR 0056).',
    type: 'object',
    required: ['boost_id', 'add_date', 'expiration_date', 'source'],
    properties: {
      boost_id: { type: 'string' },
      add_date: { type: 'integer' },
      expiration_date: { type: 'integer' },
      source: {
        oneOf: [
          {
            type: 'object',
            required: ['source', 'user'],
            properties: { source: { const: 'premium' }, user: { $ref: '#/components/schemas/User' } },
          },
          {
            type: 'object',
            required: ['source', 'giveaway_message_id'],
            properties: {
              source: { const: 'giveaway' },
              giveaway_message_id: { type: 'integer' },
              user: { $ref: '#/components/schemas/User' },
              prize_star_count: { type: 'integer' },
            },
          },
        ],
      },
    },
  },
  GiveawayRecord: {
    description: 'A giveaway (ADR 0056); `winners` and `unclaimed_prize_count` once completed.',
    type: 'object',
    required: [
      'id',
      'chat_id',
      'message_id',
      'creator_id',
      'winners_selection_date',
      'winner_count',
      'only_new_members',
      'has_public_winners',
      'country_codes',
      'state',
    ],
    properties: {
      id: { type: 'string' },
      chat_id: { type: 'integer' },
      message_id: { type: 'integer', description: 'The `giveaway` message.' },
      creator_id: { type: 'integer' },
      winners_selection_date: { type: 'integer' },
      winner_count: { type: 'integer' },
      only_new_members: { type: 'boolean' },
      has_public_winners: { type: 'boolean' },
      prize_description: { type: 'string' },
      country_codes: { type: 'array', items: { type: 'string' } },
      prize_star_count: { type: 'integer' },
      premium_subscription_month_count: { type: 'integer' },
      state: { enum: ['pending', 'completed'] },
      completed_at: { type: 'integer' },
      winners: { type: 'array', items: { type: 'integer' }, description: "The winners' user ids." },
      unclaimed_prize_count: { type: 'integer' },
    },
  },
  BoostResult: {
    type: 'object',
    required: ['chat_id', 'boosts'],
    properties: {
      chat_id: { type: 'integer' },
      added: { $ref: '#/components/schemas/ChatBoost' },
      removed: { type: 'array', items: { type: 'string' }, description: 'The ids of the boosts removed.' },
      boosts: { type: 'array', items: { $ref: '#/components/schemas/ChatBoost' } },
    },
  },
  VerifierState: {
    type: 'object',
    required: ['bot_id', 'is_verifier', 'can_modify_custom_description'],
    properties: {
      bot_id: { type: 'integer' },
      is_verifier: { type: 'boolean' },
      can_modify_custom_description: { type: 'boolean' },
    },
  },
  VerificationStatus: {
    type: 'object',
    required: ['target', 'id', 'is_verified'],
    properties: {
      target: { enum: ['user', 'chat'] },
      id: { type: 'integer', description: 'The user id or chat id.' },
      is_verified: { type: 'boolean' },
      verifier_bot_id: { type: 'integer' },
      custom_description: { type: 'string' },
      verified_at: { type: 'integer' },
    },
  },
  PersonGifts: {
    description:
      "A person's gifts (ADR 0050): the Bot API's OwnedGifts with what only the owner sees, and when a " +
      'gifted Premium subscription ends.',
    type: 'object',
    required: ['user_id', 'total_count', 'gifts'],
    properties: {
      user_id: { type: 'integer' },
      total_count: { type: 'integer' },
      gifts: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: true,
          description: 'An OwnedGift (`type` regular or unique).',
        },
      },
      next_offset: { type: 'string', description: 'The offset of the next page, when there is one.' },
      premium_until: { type: 'integer', description: 'Unix time a gifted Premium subscription ends.' },
    },
  },
  StarBalance: {
    description: 'A Stars balance as StarAmount, with whose it is.',
    type: 'object',
    required: ['user_id', 'amount'],
    properties: {
      user_id: { type: 'integer', description: 'The person or bot.' },
      amount: { type: 'integer', description: 'Whole Stars.' },
      nanostar_amount: { type: 'integer', description: 'Billionths of a Star, when not zero.' },
    },
  },
  StarTransaction: {
    description: "The Bot API's StarTransaction: `source` for incoming, `receiver` for outgoing.",
    type: 'object',
    required: ['id', 'amount', 'date'],
    properties: {
      id: { type: 'string' },
      amount: { type: 'integer' },
      nanostar_amount: { type: 'integer' },
      date: { type: 'integer' },
      source: { type: 'object', additionalProperties: true, description: 'A TransactionPartner.' },
      receiver: { type: 'object', additionalProperties: true, description: 'A TransactionPartner.' },
    },
  },
  PaymentOutcome: {
    type: 'object',
    required: ['status'],
    properties: {
      status: { enum: ['paid', 'declined', 'failed'] },
      error_message: { type: 'string', description: 'What the person is shown when not paid.' },
      message: {
        $ref: '#/components/schemas/Message',
        description: 'The successful_payment service message as the person sees it.',
      },
      telegram_payment_charge_id: { type: 'string' },
    },
  },
  StarSubscription: {
    description: "A person's Stars subscription to a bot (ADR 0078).",
    type: 'object',
    required: [
      'telegram_payment_charge_id',
      'invoice_payload',
      'star_count',
      'subscription_period',
      'expiration_date',
      'state',
      'canceled_by_user',
      'canceled_by_bot',
    ],
    properties: {
      telegram_payment_charge_id: {
        type: 'string',
        description: 'The charge of the period paid for now (each renewal is a new charge).',
      },
      invoice_payload: { type: 'string' },
      star_count: { type: 'integer', description: 'The price of a period in Stars.' },
      subscription_period: { type: 'integer', description: 'Seconds.' },
      expiration_date: { type: 'integer', description: 'The end of the period paid for.' },
      state: {
        enum: ['active', 'canceled'],
        description: '`canceled`: the person or the bot canceled it; it ends at expiration_date.',
      },
      canceled_by_user: { type: 'boolean' },
      canceled_by_bot: { type: 'boolean', description: 'editUserStarSubscription `is_canceled`.' },
    },
  },
  PaymentProvider: {
    type: 'object',
    required: ['name', 'token', 'outcome'],
    properties: {
      name: { type: 'string' },
      token: { type: 'string', description: 'What a bot passes as provider_token.' },
      outcome: { enum: ['accept', 'decline'] },
    },
  },
  BlockResult: {
    type: 'object',
    required: ['changed'],
    properties: { changed: { type: 'boolean', description: 'False when nothing changed.' } },
  },
  BusinessConnection: {
    description: 'The Bot API `BusinessConnection` (business.ts, ADR 0049).',
    type: 'object',
    required: ['id', 'user', 'user_chat_id', 'date', 'is_enabled'],
    properties: {
      id: { type: 'string' },
      user: { $ref: '#/components/schemas/User' },
      user_chat_id: { type: 'integer' },
      date: { type: 'integer' },
      rights: { $ref: '#/components/schemas/BusinessBotRights' },
      is_enabled: { type: 'boolean' },
    },
  },
  StoryRecord: {
    description: 'A story of a business account as people see it: the Bot API `Story` and what it shows.',
    type: 'object',
    required: ['chat', 'id', 'date', 'expiration_date', 'is_active', 'content'],
    properties: {
      chat: { $ref: '#/components/schemas/Chat' },
      id: { type: 'integer' },
      date: { type: 'integer' },
      expiration_date: { type: 'integer', description: 'When it leaves the active list (virtual clock).' },
      is_active: { type: 'boolean', description: 'False for a story past its period kept on the chat page.' },
      content: {
        type: 'object',
        description: '`{ type: "photo", photo: PhotoSize[] }` or `{ type: "video", video: Video }`.',
      },
      caption: { type: 'string' },
      caption_entities: { type: 'array', items: { type: 'object' } },
      areas: { type: 'array', items: { type: 'object' } },
      protect_content: { const: true },
      repost_of: {
        type: 'object',
        required: ['chat_id', 'story_id'],
        properties: { chat_id: { type: 'integer' }, story_id: { type: 'integer' } },
      },
    },
  },
  ManagedBotRecord: {
    type: 'object',
    required: ['bot', 'owner_id', 'manager_id'],
    properties: {
      bot: { $ref: '#/components/schemas/User' },
      owner_id: { type: 'integer' },
      manager_id: { type: 'integer' },
    },
  },
  ...WORLD_SCHEMAS,
};

/** An error answer that several routes give, by name: its status, what it means, its codes. */
export interface SharedError {
  readonly status: number;
  readonly description: string;
  readonly codes: readonly string[];
  readonly example?: { readonly error: string; readonly description: string };
}

export const SHARED_ERRORS: Readonly<Record<string, SharedError>> = {
  BadRequest: {
    status: 400,
    description: 'A parameter is missing or malformed; the description names it.',
    codes: ['BAD_REQUEST'],
    example: { error: 'BAD_REQUEST', description: 'user is required' },
  },
  Unauthorized: {
    status: 401,
    description: 'The admin token is missing or wrong.',
    codes: ['ADMIN_TOKEN_INVALID'],
    example: {
      error: 'ADMIN_TOKEN_INVALID',
      description: 'missing or wrong admin token (Authorization: Bearer ...)',
    },
  },
  WriteForbidden: {
    status: 403,
    description: 'The user cannot write in that chat.',
    codes: ['BOT_BLOCKED', 'CHAT_WRITE_FORBIDDEN'],
  },
  ChatActionRefused: {
    status: 403,
    description:
      'The acting user lacks the right (`CHAT_ADMIN_REQUIRED`, with the reference\'s text such as "not ' +
      'enough rights to restrict/unrestrict chat member"), a bot cannot join groups ' +
      '(`BOT_GROUPS_BLOCKED`), or the user is banned (`USER_BANNED_IN_CHANNEL`).',
    codes: ['CHAT_ADMIN_REQUIRED', 'BOT_GROUPS_BLOCKED', 'USER_BANNED_IN_CHANNEL'],
  },
  ReferenceNotFound: {
    status: 404,
    description: 'The user, the bot or the chat of a reference does not exist.',
    codes: ['USER_NOT_FOUND', 'BOT_NOT_FOUND', 'CHAT_NOT_FOUND'],
  },
  GatewayBadRequest: {
    status: 400,
    description: 'A parameter is missing or malformed, or an amount or a prefix is invalid.',
    codes: ['BAD_REQUEST', 'CREDITS_INVALID', 'PRICE_PREFIX_INVALID', 'PHONE_NUMBER_NOT_FOUND'],
  },
  GatewayNotFound: {
    status: 404,
    description: 'No such person, account, channel, device or verification message.',
    codes: [
      'USER_NOT_FOUND',
      'GATEWAY_ACCOUNT_NOT_FOUND',
      'CHANNEL_NOT_FOUND',
      'DEVICE_NOT_FOUND',
      'VERIFICATION_NOT_FOUND',
    ],
  },
};

/** Error codes that no route lists: any path may answer them. */
export const GENERAL_ERROR_CODES = ['NOT_FOUND', 'INTERNAL'] as const;
