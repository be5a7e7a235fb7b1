/**
 * The JSON Schemas of a world file and of an import's answer (ADR 0102; types in world-file.ts),
 * merged into the document's components by components.ts. Loose where the file's own checks are
 * (platform/world/world-check.ts, with the line and the path of each problem): rights and
 * permissions are objects of booleans by name, a message's content is the stored Message content.
 */
import { external, type JsonSchema } from './json-schema.js';

const REF = {
  type: ['integer', 'string'],
  description: 'A user id, `@username` or E.164 phone number.',
} as const;
const FLAGS = { type: 'object', additionalProperties: { type: 'boolean' } } as const;
const MENU_BUTTON = {
  type: 'object',
  required: ['type'],
  properties: {
    type: { enum: ['commands', 'web_app', 'default'] },
    text: { type: 'string' },
    web_app: { type: 'object', required: ['url'], properties: { url: { type: 'string' } } },
  },
} as const;
const TEXTS = {
  name: { type: 'string', description: 'setMyName (at most 64 characters).' },
  description: { type: 'string', description: 'setMyDescription (at most 512).' },
  short_description: { type: 'string', description: 'setMyShortDescription (at most 120).' },
} as const;
const list = <const I extends JsonSchema>(items: I) => ({ type: 'array', items }) as const;

export const WORLD_SCHEMAS = {
  WorldFile: {
    type: 'object',
    description:
      'A world file (ADR 0102): what `GET /control/world` answers and `POST /control/world` takes. ' +
      'Ids and tokens are optional on import (kept when given, made when not).',
    properties: {
      // Typed as a number, as the server reads it (it refuses any other than 1).
      version: external('WorldVersion', { const: 1 }),
      people: list({
        type: 'object',
        required: ['phone_number'],
        properties: {
          id: { type: 'integer' },
          phone_number: { type: 'string' },
          first_name: { type: 'string' },
          last_name: { type: 'string' },
          username: { type: 'string' },
          language_code: { type: 'string' },
          devices: list({
            type: 'object',
            required: ['name'],
            properties: {
              name: { type: 'string' },
              online: { type: 'boolean' },
              receipt_delay: { type: 'integer' },
              read_delay: { type: ['integer', 'null'] },
            },
          }),
        },
      }),
      bots: list({
        type: 'object',
        required: ['username'],
        properties: {
          token: { type: 'string', description: '`<BOT_ID>:<SECRET>`, kept as it is.' },
          id: { type: 'integer' },
          username: { type: 'string' },
          first_name: { type: 'string' },
          can_join_groups: { type: 'boolean' },
          can_read_all_group_messages: { type: 'boolean' },
          supports_inline_queries: { type: 'boolean' },
          inline_placeholder: { type: 'string' },
          supports_guest_queries: { type: 'boolean' },
          supports_join_request_queries: { type: 'boolean' },
          allowed_updates: list({ type: 'string' }),
          webhook: {
            type: 'object',
            required: ['url'],
            properties: {
              url: { type: 'string' },
              secret_token: { type: 'string' },
              max_connections: { type: 'integer' },
              ip_address: { type: 'string' },
            },
          },
          ...TEXTS,
          translations: { type: 'object', additionalProperties: { type: 'object', properties: TEXTS } },
          commands: list({
            type: 'object',
            required: ['commands'],
            properties: {
              scope: {
                type: 'object',
                required: ['type'],
                properties: { type: { type: 'string' }, chat: REF, user: REF },
              },
              language_code: { type: 'string' },
              commands: list({
                type: 'object',
                required: ['command', 'description'],
                properties: {
                  command: { type: 'string' },
                  description: { type: 'string' },
                  is_ephemeral: { type: 'boolean' },
                },
              }),
            },
          }),
          menu_button: MENU_BUTTON,
          chat_menu_buttons: list({
            type: 'object',
            required: ['user', 'menu_button'],
            properties: { user: REF, menu_button: MENU_BUTTON },
          }),
          default_administrator_rights: { type: 'object', properties: { groups: FLAGS, channels: FLAGS } },
        },
      }),
      chats: list({
        type: 'object',
        required: ['type'],
        properties: {
          id: { type: 'integer' },
          type: { enum: ['private', 'group', 'supergroup', 'channel'] },
          title: { type: 'string' },
          username: { type: 'string' },
          description: { type: 'string' },
          permissions: FLAGS,
          is_forum: { type: 'boolean' },
          members: list({
            type: 'object',
            required: ['user', 'status'],
            properties: {
              user: REF,
              status: { enum: ['creator', 'administrator', 'member', 'restricted', 'left', 'kicked'] },
              rights: FLAGS,
              custom_title: { type: 'string' },
              is_anonymous: { type: 'boolean' },
              promoted_by: REF,
              permissions: FLAGS,
              is_member: { type: 'boolean' },
              until_date: { type: 'integer' },
            },
          }),
          topics: list({
            type: 'object',
            required: ['name'],
            description: "A forum's topics; General is thread 1 (a forum without it gets it).",
            properties: {
              thread_id: { type: 'integer', description: 'Kept; absent: the next id after the messages.' },
              name: { type: 'string' },
              icon_color: { type: 'integer' },
              icon_custom_emoji_id: { type: 'string' },
              creator: REF,
              is_closed: { type: 'boolean' },
              is_hidden: { type: 'boolean', description: 'General only.' },
            },
          }),
          invite_links: list({
            type: 'object',
            description: "The chat's invite links, in link order.",
            properties: {
              link: {
                type: 'string',
                description: 'https://t.me/+HASH, +HASH or HASH; kept; absent: a new one.',
              },
              creator: REF,
              name: { type: 'string' },
              expire_date: { type: 'integer' },
              member_limit: { type: 'integer' },
              creates_join_request: { type: 'boolean' },
              is_primary: { type: 'boolean' },
              is_revoked: { type: 'boolean' },
            },
          }),
          messages: list({
            type: 'object',
            required: ['id', 'date', 'content'],
            properties: {
              id: { type: 'integer' },
              from: REF,
              date: { type: 'integer' },
              edit_date: { type: 'integer' },
              content: { type: 'object', description: "The Message's content fields (text, entities, ...)." },
              pinned: { type: 'boolean' },
              reactions: list({
                type: 'object',
                required: ['user', 'reaction'],
                description: "Users' reactions, by user id.",
                properties: {
                  user: REF,
                  reaction: list({ type: 'object', description: 'A ReactionType.' }),
                  is_big: { type: 'boolean' },
                },
              }),
            },
          }),
        },
      }),
      gateway_accounts: list({
        type: 'object',
        required: ['owner'],
        properties: {
          owner: REF,
          token: { type: 'string', description: 'Given on import only: the server keeps no token.' },
          balance: { type: 'number' },
          default_price: { type: 'number' },
          prices: { type: 'object', additionalProperties: { type: 'number' } },
        },
      }),
    },
  },
  WorldImported: {
    type: 'object',
    description: 'What an import created, in the order of the file.',
    required: ['people', 'bots', 'chats', 'gateway_accounts', 'messages'],
    properties: {
      people: list({
        type: 'object',
        required: ['id', 'phone_number'],
        properties: { id: { type: 'integer' }, phone_number: { type: 'string' } },
      }),
      bots: list({
        type: 'object',
        required: ['id', 'username', 'token'],
        properties: { id: { type: 'integer' }, username: { type: 'string' }, token: { type: 'string' } },
      }),
      chats: list({
        type: 'object',
        required: ['id', 'type', 'title'],
        properties: {
          id: { type: ['integer', 'null'] },
          type: { type: 'string' },
          title: { type: ['string', 'null'] },
        },
      }),
      gateway_accounts: list({
        type: 'object',
        required: ['id', 'owner_user_id', 'access_token'],
        properties: {
          id: { type: 'integer' },
          owner_user_id: { type: 'integer' },
          access_token: { type: 'string' },
        },
      }),
      messages: { type: 'integer', description: 'How many messages were created.' },
    },
  },
} as const satisfies Readonly<Record<string, JsonSchema>>;
