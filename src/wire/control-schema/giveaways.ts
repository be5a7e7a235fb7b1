/**
 * Giveaways (ADR 0056): a person who administers a channel or supergroup starts one (bots cannot,
 * through the Bot API), and anyone reads how it ended.
 */
import { array, bool, int, params, ref, route, str } from './dsl.js';
import { MAX_INT32 } from './common.js';

export const GIVEAWAYS = {
  startGiveaway: route({
    method: 'POST',
    path: '/giveaways',
    tag: 'chats',
    summary: 'Start a giveaway in a channel or supergroup as one of its administrators',
    description:
      "Posts a `giveaway_created` service message and the `giveaway` message in the chat (the chat's " +
      'administrator bots of a channel get them as `channel_post`, bots in a supergroup as `message`). ' +
      "Give exactly one of `prize_star_count` (a Stars giveaway: the Stars are taken from the user's " +
      'balance now, in the same write) and `premium_subscription_month_count` (a Premium giveaway: ' +
      'nothing is charged on Parley). At `until_date` on the virtual clock the winners are drawn at ' +
      'random among the people in the chat (not bots, not the user who started it; with ' +
      '`only_new_members`, people who joined after the start); each gets an equal share of the Stars ' +
      '(the shares nobody won go back to the user) and gives the chat a boost whose source is ' +
      '`giveaway` (administrator bots get `chat_boost`); the chat gets `giveaway_winners` ' +
      '(`has_public_winners`) or a `giveaway_completed` service message replying to the giveaway. ' +
      '`country_codes` are shown, but people on Parley have no country: they restrict nobody.',
    params: params('StartGiveawayParams', {
      user: ref('user', { required: true, description: 'An administrator (or the owner) of the chat.' }),
      chat: ref('chat', {
        required: true,
        description: 'The chat id or `@username` of a channel or supergroup.',
      }),
      winner_count: int({ required: true, min: 1, max: 100, description: 'How many people win, 1-100.' }),
      until_date: int({
        required: true,
        min: 1,
        max: MAX_INT32,
        description: 'winners_selection_date: Unix time on the virtual clock, in the future, within a year.',
      }),
      prize_description: str({ maxLength: 128, description: 'An additional prize, 1-128 characters.' }),
      only_new_members: bool({
        default: false,
        description: 'Only people who join after the start can win.',
      }),
      has_public_winners: bool({ default: false, description: 'Post the winners (`giveaway_winners`).' }),
      country_codes: array(str({ minLength: 2, maxLength: 2 }), {
        maxItems: 10,
        description: 'ISO 3166-1 alpha-2 codes shown in the giveaway.',
      }),
      prize_star_count: int({
        min: 1,
        max: 1_000_000,
        description: 'A Stars giveaway: Stars split between the winners, at least winner_count.',
      }),
      premium_subscription_month_count: int({
        min: 1,
        max: 12,
        description: 'A Premium giveaway: 3, 6 or 12 months.',
      }),
    }),
    result: 'GiveawayRecord',
    answer: 'The giveaway, pending, with the id of its `giveaway` message.',
    errors: [
      {
        status: 400,
        description:
          'A malformed parameter, a chat that is not a channel or supergroup (`BAD_REQUEST`), or a Stars ' +
          "prize the user's balance does not cover (`BALANCE_TOO_LOW`).",
        codes: ['BAD_REQUEST', 'BALANCE_TOO_LOW'],
      },
      {
        status: 403,
        description: 'The user does not administer the chat (`CHAT_ADMIN_REQUIRED`).',
        codes: ['CHAT_ADMIN_REQUIRED'],
      },
      'ReferenceNotFound',
    ],
  }),

  getGiveaway: route({
    method: 'GET',
    path: '/giveaways',
    tag: 'chats',
    summary: 'A giveaway by its message, with its winners once drawn',
    description: 'The winners are listed here also when the giveaway does not make them public.',
    params: params('GetGiveawayParams', {
      chat: ref('chat', {
        required: true,
        description: 'The chat id or `@username` of the channel or supergroup.',
      }),
      message_id: int({ required: true, min: 1, max: MAX_INT32, description: 'The `giveaway` message.' }),
    }),
    result: 'GiveawayRecord',
    answer: 'The giveaway: pending, or completed with its winners and the prizes nobody won.',
    errors: [
      'BadRequest',
      {
        status: 404,
        description: 'No such chat or no giveaway with that message (`MESSAGE_NOT_FOUND`).',
        codes: ['MESSAGE_NOT_FOUND'],
      },
    ],
  }),
} as const;
