/**
 * The hand-written part of the OpenAPI document that the generator (openapi.ts) merges in: the
 * schemas of the results, declared once by area (results-*.ts, written `as const` so that their
 * TypeScript types are inferred from them: json-schema.ts, issue 30), and the error answers that
 * routes share. Each route names its result; a test checks that every name has a schema here.
 */
import type { FromSchema, JsonSchema } from './json-schema.js';
import { CHATS_RESULTS } from './results-chats.js';
import { COMMERCE_RESULTS } from './results-commerce.js';
import { INSPECTOR_RESULTS } from './results-inspector.js';
import { PEOPLE_RESULTS } from './results-people.js';
import { WORLD_SCHEMAS } from './world-schemas.js';

export type { JsonSchema } from './json-schema.js';

/** The schemas of the results and of what they are made of, typed, in the document's order. */
export const RESULT_SCHEMAS = {
  ...PEOPLE_RESULTS,
  ...INSPECTOR_RESULTS,
  ...CHATS_RESULTS,
  ...COMMERCE_RESULTS,
} as const;
export type ResultSchemas = typeof RESULT_SCHEMAS;

/**
 * The TypeScript type of the result schema named `N`, with the types of `external` marks and of
 * `$ref`s to components other than results (the parameters' flags) given by `X`.
 */
export type ResultType<N extends keyof ResultSchemas, X = object> = N extends keyof X
  ? X[N]
  : FromSchema<ResultSchemas[N], ResultSchemas, X>;

/** The schemas of the results and of what they are made of, and of the references, by name. */
export const COMPONENT_SCHEMAS: Readonly<Record<string, JsonSchema>> = {
  ...RESULT_SCHEMAS,
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
