/** Every route of the control API, by its operation id (the test kit's method of the same name). */
import { CHATS } from './chats.js';
import { BUSINESS } from './business.js';
import { CLOCK } from './clock.js';
import { CONTENT } from './content.js';
import { DEVICES } from './devices.js';
import { FILES } from './files.js';
import { GATEWAY } from './gateway.js';
import { INSPECTOR } from './inspector.js';
import { GAMES_BOOSTS } from './games-boosts.js';
import { GIVEAWAYS } from './giveaways.js';
import { INLINE } from './inline.js';
import { MESSAGES } from './messages.js';
import { PAYMENTS } from './payments.js';
import { GIFTS } from './gifts.js';
import { REACTIONS_PINS } from './reactions-pins.js';
import { STICKERS } from './stickers.js';
import { TOPICS } from './topics.js';
import { DIRECT_MESSAGES } from './direct-messages.js';
import { COMMUNITIES } from './communities.js';
import { DRAFTS_PROFILES } from './drafts-profiles.js';
import { CHECKLISTS } from './checklists.js';
import { USERS_BOTS } from './users-bots.js';
import { WEB_APPS } from './web-apps.js';
import { PASSPORT } from './passport.js';
import { WEBHOOKS } from './webhooks.js';
import { TIMELINE } from './timeline.js';
import { TRANSCRIPTS } from './transcripts.js';
import { FAULTS } from './faults.js';
import { WORKSPACES } from './workspaces.js';
import { WORLD } from './world.js';
import type { InputOf, ParamsOf } from './dsl.js';

export const CONTROL_API = {
  ...USERS_BOTS,
  ...MESSAGES,
  ...CONTENT,
  ...FILES,
  ...REACTIONS_PINS,
  ...STICKERS,
  ...DRAFTS_PROFILES,
  ...CHECKLISTS,
  ...INLINE,
  ...WEB_APPS,
  ...PASSPORT,
  ...CLOCK,
  ...CHATS,
  ...TOPICS,
  ...DIRECT_MESSAGES,
  ...COMMUNITIES,
  ...GATEWAY,
  ...INSPECTOR,
  ...PAYMENTS,
  ...GIFTS,
  ...GAMES_BOOSTS,
  ...GIVEAWAYS,
  ...DEVICES,
  ...BUSINESS,
  ...FAULTS,
  ...WEBHOOKS,
  ...TIMELINE,
  ...TRANSCRIPTS,
  ...WORKSPACES,
  ...WORLD,
} as const;

export type ControlApi = typeof CONTROL_API;
export type RouteId = keyof ControlApi;

/** What a client sends to route `K` (its body or query). */
export type RouteParams<K extends RouteId> = ParamsOf<ControlApi[K]>;
/** What the handler of route `K` reads. */
export type RouteInput<K extends RouteId> = InputOf<ControlApi[K]>;

/** The parameters of every route by the name of their type (`CreateUserParams`); routes may share one. */
export type ParamsByName = {
  [
    K in RouteId as ControlApi[K] extends { readonly params: { readonly name: infer N extends string } }
      ? N
      : never
  ]: ParamsOf<ControlApi[K]>;
};

type ResultName<R> = R extends `${infer N}[]` ? N : R;
/** The result type names the routes give (`Message` for `Message[]`; not `true` and `bytes`). */
export type ResultTypeName = Exclude<ResultName<ControlApi[RouteId]['result']>, 'true' | 'bytes'>;
