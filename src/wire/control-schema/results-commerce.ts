/** The schemas of results (components.ts): games, boosts, giveaways, verification, gifts, Stars, payments, subscriptions, blocking, business accounts, stories and managed bots. */
import type { JsonSchema } from './json-schema.js';

export const COMMERCE_RESULTS = {
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
          required: ['type'],
          properties: { type: { enum: ['regular', 'unique'] }, owned_gift_id: { type: 'string' } },
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
        required: ['type'],
        properties: { type: { enum: ['photo', 'video'] } },
        additionalProperties: true,
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
} as const satisfies Readonly<Record<string, JsonSchema>>;
