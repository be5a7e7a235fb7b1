/** People and bots: creating and reading them, blocking a bot, a bot's privacy mode. */
import { bool, params, ref, route, str } from './dsl.js';

const BLOCK = params('BlockBotParams', {
  user: ref('user', { required: true }),
  bot: ref('user', { required: true, description: 'The bot.' }),
});

const USER_REF_PATH = {
  ref: {
    type: 'string',
    of: 'user',
    description:
      'A user id, an E.164 phone number or `@username`, percent-encoded (`%2B15550001`, `%40alice`).',
  },
} as const;

export const USERS_BOTS = {
  createUser: route({
    method: 'POST',
    path: '/users',
    tag: 'users',
    summary: 'Create a user',
    params: params('CreateUserParams', {
      phone_number: str({
        required: true,
        description: 'The phone number in E.164 form, e.g. `+15550001`.',
      }),
      first_name: str({ default: 'User', description: 'The first name.' }),
      last_name: str({ description: 'The last name.' }),
      username: str({ description: '5-32 letters, digits and underscores, not ending in `bot`.' }),
      language_code: str({ description: 'An IETF language tag, e.g. `en`.' }),
    }),
    result: 'UserRecord',
    answer: 'The user.',
    errors: [
      {
        status: 400,
        description:
          'A parameter is missing or malformed, the phone number is not E.164, or the username is of the wrong shape.',
        codes: ['BAD_REQUEST', 'PHONE_NUMBER_INVALID', 'USERNAME_INVALID'],
        example: { error: 'PHONE_NUMBER_INVALID', description: 'phone_number must be in E.164 form' },
      },
      {
        status: 409,
        description: 'The phone number or the username is already taken.',
        codes: ['PHONE_NUMBER_OCCUPIED', 'USERNAME_OCCUPIED'],
      },
    ],
  }),

  getUser: route({
    method: 'GET',
    path: '/users/{ref}',
    tag: 'users',
    summary: 'Get a user',
    pathParams: USER_REF_PATH,
    result: 'UserRecord',
    answer: 'The user.',
    errors: [
      'BadRequest',
      { status: 404, description: 'No user has that reference.', codes: ['USER_NOT_FOUND'] },
    ],
  }),

  createBot: route({
    method: 'POST',
    path: '/bots',
    tag: 'bots',
    summary: 'Create a bot',
    description: "The answer carries the bot's Bot API token.",
    params: params('CreateBotParams', {
      username: str({
        required: true,
        description: 'Ends in `bot`: 5-32 letters, digits and underscores.',
      }),
      first_name: str({ description: 'The display name; defaults to the username.' }),
      can_join_groups: bool({ default: true }),
      can_read_all_group_messages: bool({ default: false }),
      supports_inline_queries: bool({
        default: false,
        description:
          "Inline mode on (BotFather's /setinline): people may type `@bot` in any chat, and the bot " +
          'gets `inline_query` updates.',
      }),
      inline_placeholder: str({
        description:
          "The hint shown after `@bot ` in a person's input field, 1-64 characters; only in inline mode " +
          '(otherwise 400 `BAD_REQUEST`).',
      }),
    }),
    result: 'BotRecord',
    answer: 'The bot, with its token.',
    errors: [
      {
        status: 400,
        description: 'A parameter is missing or malformed, or the username is of the wrong shape.',
        codes: ['BAD_REQUEST', 'USERNAME_INVALID'],
      },
      { status: 409, description: 'The username is already taken.', codes: ['USERNAME_OCCUPIED'] },
    ],
  }),

  getBot: route({
    method: 'GET',
    path: '/bots/{ref}',
    tag: 'bots',
    summary: 'Get a bot, with its token',
    pathParams: USER_REF_PATH,
    result: 'BotRecord',
    answer: 'The bot, with its token.',
    errors: [
      'BadRequest',
      { status: 404, description: 'No bot has that reference.', codes: ['BOT_NOT_FOUND'] },
    ],
  }),

  blockBot: route({
    method: 'POST',
    path: '/block',
    tag: 'bots',
    summary: 'Block a bot as a user',
    description:
      'The bot gets `my_chat_member` (status `kicked`); its sends to the user answer 403 "Forbidden: bot ' +
      'was blocked by the user", and the user\'s sends to it 403 `CHAT_WRITE_FORBIDDEN`. `changed` is ' +
      'false when it was blocked already.',
    params: BLOCK,
    result: 'BlockResult',
    answer: 'Whether anything changed.',
    errors: ['ReferenceNotFound'],
  }),

  unblockBot: route({
    method: 'POST',
    path: '/unblock',
    tag: 'bots',
    summary: 'Unblock a bot as a user (the bot gets my_chat_member, status member)',
    params: BLOCK,
    result: 'BlockResult',
    answer: 'Whether anything changed.',
    errors: ['ReferenceNotFound'],
  }),

  setBotPrivacy: route({
    method: 'POST',
    path: '/bots/privacy',
    tag: 'bots',
    summary: "Turn a bot's group privacy mode on or off",
    description:
      "With privacy mode on (a new bot's default, unless created with `can_read_all_group_messages`) a " +
      'bot gets, in groups and supergroups where it is not an administrator, only commands, replies to ' +
      "its messages, mentions of it and service messages. getMe's `can_read_all_group_messages` is " +
      '`!enabled`.',
    params: params('SetBotPrivacyParams', {
      bot: ref('user', { required: true }),
      enabled: bool({ required: true }),
    }),
    result: 'BotRecord',
    answer: 'The bot, with its token.',
    errors: ['ReferenceNotFound'],
  }),
} as const;
