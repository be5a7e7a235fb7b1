/** Inline mode: a person's inline query, and choosing one of its results (ADR 0030). */
import { waitTimeout } from './common.js';
import { params, ref, route, str } from './dsl.js';

export const INLINE = {
  inlineQuery: route({
    method: 'POST',
    path: '/inline',
    tag: 'inline',
    summary: 'Type an inline query to a bot as a user and wait for the results',
    description:
      'The bot (it must support inline queries) gets an `inline_query` update; the request is held ' +
      'until the bot calls answerInlineQuery or `timeout` seconds pass. An identical earlier query ' +
      'whose answer is still within its cache_time is answered from the cache without asking the bot.',
    params: params('InlineQueryParams', {
      user: ref('user', { required: true }),
      bot: ref('user', {
        required: true,
        description: 'The bot, e.g. `@weather_bot`; it must support inline queries.',
      }),
      query: str({
        maxLength: 256,
        platform: true,
        default: '',
        description: 'The text after `@bot ` (up to 256 characters).',
      }),
      chat: ref('chat', {
        description: 'Where the user is typing; the private chat with the bot by default.',
      }),
      offset: str({ description: "The offset of the results page (a bot's next_offset)." }),
      timeout: waitTimeout("Seconds to wait for the bot's answer."),
    }),
    result: 'InlineQueryAnswer',
    answer: "What the user's client shows.",
    errors: [
      {
        status: 400,
        description:
          'A malformed parameter, or the bot does not support inline queries (`BOT_INLINE_DISABLED`).',
        codes: ['BAD_REQUEST', 'BOT_INLINE_DISABLED'],
      },
      'ReferenceNotFound',
    ],
  }),

  chooseInlineResult: route({
    method: 'POST',
    path: '/inline/choose',
    tag: 'inline',
    summary: 'Choose a result of an inline query as the user who typed it',
    description:
      "The result's message is sent from the user, `via_bot` the bot, into the chat where the query " +
      'was typed; the bot gets `chosen_inline_result`. Media results by URL are downloaded now.',
    params: params('ChooseInlineResultParams', {
      user: ref('user', { required: true, description: 'The user who typed the query.' }),
      query_id: str({ required: true, description: 'The query id `POST /control/inline` answered.' }),
      result_id: str({ required: true, description: 'The id of the result.' }),
    }),
    result: 'ChosenInlineResult',
    answer: 'The sent message as the user sees it.',
    errors: [
      {
        status: 404,
        description: 'No such query of this user (`INLINE_QUERY_NOT_FOUND`) or result (`RESULT_NOT_FOUND`).',
        codes: ['USER_NOT_FOUND', 'INLINE_QUERY_NOT_FOUND', 'RESULT_NOT_FOUND'],
      },
    ],
  }),
} as const;
