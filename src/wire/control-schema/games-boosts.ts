/**
 * Games registered for bots, people's boosts of channels and supergroups, and verifier bots
 * (ADR 0044): the operator's and people's side of sendGame, chat_boost and verifyUser/verifyChat.
 */
import { bool, params, ref, route, str } from './dsl.js';

const NO_SUCH_BOT = {
  status: 404,
  description: 'No such bot (`BOT_NOT_FOUND`).',
  codes: ['BOT_NOT_FOUND'],
} as const;

export const GAMES_BOOSTS = {
  registerGame: route({
    method: 'POST',
    path: '/games',
    tag: 'bots',
    summary: 'Register a game for a bot (what BotFather does on the reference platform)',
    description:
      "The bot can then send it with `sendGame` by its `short_name`; a person pressing the message's " +
      '`callback_game` button (`POST /control/press`) gives the bot a `callback_query` with ' +
      '`game_short_name`. Games have no photo or animation on Parley (`photo` is empty).',
    params: params('RegisterGameParams', {
      bot: ref('user', { required: true, description: 'The bot: its id or `@username`.' }),
      short_name: str({
        required: true,
        platform: true,
        description: '3-64 letters, digits or underscores; unique per bot.',
      }),
      title: str({ required: true, platform: true, description: '1-64 characters.' }),
      description: str({ required: true, platform: true, description: '1-512 characters.' }),
    }),
    result: 'GameRecord',
    answer: 'The registered game.',
    errors: [
      'BadRequest',
      NO_SUCH_BOT,
      {
        status: 409,
        description: 'The bot has a game of that short name already (`GAME_SHORT_NAME_OCCUPIED`).',
        codes: ['GAME_SHORT_NAME_OCCUPIED'],
      },
    ],
  }),

  boostChat: route({
    method: 'POST',
    path: '/boosts',
    tag: 'chats',
    summary: "Boost a channel or supergroup as a user, or remove the user's boosts",
    description:
      'Adds one boost (lasting 30 days of virtual time; a user has at most 4 at once, in all chats). ' +
      "The chat's administrator bots get `chat_boost`; supergroup members see a `boost_added` service " +
      'message from the user. With `remove`, every boost of the user in the chat is removed and the ' +
      'administrator bots get `removed_chat_boost` (as they do when a boost expires on the clock).',
    params: params('BoostChatParams', {
      user: ref('user', { required: true }),
      chat: ref('chat', {
        required: true,
        description:
          'The chat id or `@username` of a channel or supergroup (a private one: the user is a member).',
      }),
      remove: bool({ default: false, description: "Remove the user's boosts of the chat instead." }),
    }),
    result: 'BoostResult',
    answer: "The boost added or the ids removed, and the user's boosts of the chat after the change.",
    errors: [
      {
        status: 400,
        description:
          'A malformed parameter, a chat that is not a channel or supergroup (`BAD_REQUEST`), or the ' +
          "user's boosts are all in use (`BOOST_LIMIT_REACHED`).",
        codes: ['BAD_REQUEST', 'BOOST_LIMIT_REACHED'],
      },
      {
        status: 404,
        description: 'No such user or chat, or (`remove`) the user has not boosted it (`BOOST_NOT_FOUND`).',
        codes: ['USER_NOT_FOUND', 'CHAT_NOT_FOUND', 'BOOST_NOT_FOUND'],
      },
    ],
  }),

  setBotVerifier: route({
    method: 'POST',
    path: '/bots/verifier',
    tag: 'bots',
    summary: 'Make a bot a verifier of users and chats, or stop it being one',
    description:
      'A verifier bot may call `verifyUser`, `verifyChat`, `removeUserVerification` and ' +
      '`removeChatVerification`; other bots get `BOT_VERIFIER_FORBIDDEN`. Verifications a bot gave stay ' +
      'when it stops being a verifier.',
    params: params('SetBotVerifierParams', {
      bot: ref('user', { required: true, description: 'The bot: its id or `@username`.' }),
      enabled: bool({ default: true, description: 'False: the bot stops being a verifier.' }),
      can_modify_custom_description: bool({
        default: false,
        description: 'Whether its verifications may carry a `custom_description`.',
      }),
    }),
    result: 'VerifierState',
    answer: "The bot's verifier status.",
    errors: ['BadRequest', NO_SUCH_BOT],
  }),

  getVerification: route({
    method: 'GET',
    path: '/verification',
    tag: 'users',
    summary: "A user's or chat's verification, as a person's client shows its mark",
    description: "Give `user` or `chat`. The Bot API's types have no field for it; this is where it is seen.",
    params: params('GetVerificationParams', {
      user: ref('user'),
      chat: ref('chat', { description: 'The id or `@username` of a supergroup, channel or bot.' }),
    }),
    result: 'VerificationStatus',
    answer: 'Whether it is verified, by which bot and with which description.',
    errors: ['BadRequest', 'ReferenceNotFound'],
  }),
} as const;
