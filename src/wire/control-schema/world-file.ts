/**
 * The test kit's types of a world file (ADR 0102), as `GET /control/world` answers it and
 * `POST /control/world` and `createParley({ world })` take it, inferred from the document's schemas
 * of it (world-schemas.ts, json-schema.ts; ADR 0110). The server's own types of the same file are
 * src/platform/world/world-types.ts; src/wire/control-types-agree.test.ts holds the two to each
 * other. A user reference is a user id, `@username` or an E.164 phone number.
 */
import type { FromSchema } from './json-schema.js';
import type { WORLD_SCHEMAS } from './world-schemas.js';

type Schemas = typeof WORLD_SCHEMAS;
type World<N extends keyof Schemas> = FromSchema<Schemas[N], Schemas, { WorldVersion: number }>;
type Item<T> = NonNullable<T> extends ReadonlyArray<infer I> ? I : never;

export type WorldFile = World<'WorldFile'>;
export type WorldPerson = Item<WorldFile['people']>;
export type WorldBot = Item<WorldFile['bots']>;
export type WorldBotTexts = Pick<WorldBot, 'name' | 'description' | 'short_description'>;
export type WorldMenuButton = NonNullable<WorldBot['menu_button']>;
export type WorldChat = Item<WorldFile['chats']>;
export type WorldMember = Item<WorldChat['members']>;
export type WorldTopic = Item<WorldChat['topics']>;
export type WorldInviteLink = Item<WorldChat['invite_links']>;
export type WorldGatewayAccount = Item<WorldFile['gateway_accounts']>;
/** What `POST /control/world` created, in the file's order. */
export type WorldImported = World<'WorldImported'>;
