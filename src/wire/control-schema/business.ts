/**
 * Business accounts, stories and managed bots (ADR 0049): a person connects a bot to their account
 * (making it a business account) and disconnects it, sees and replies to an account's stories, and
 * creates a bot managed by another bot.
 */
import { MAX_INT32 } from './common.js';
import { bool, flags, int, params, ref, route, str } from './dsl.js';
import { BUSINESS_RIGHT_NAMES } from './rights.js';

const USER_AND_BOT = {
  user: ref('user', { required: true, description: 'The person whose account it is.' }),
  bot: ref('user', { required: true, description: 'The bot.' }),
} as const;

const NOT_CONNECTED = {
  status: 404,
  description: 'No such user or bot, or the bot is not connected to the account.',
  codes: ['USER_NOT_FOUND', 'BOT_NOT_FOUND', 'BUSINESS_CONNECTION_NOT_FOUND'],
} as const;

export const BUSINESS = {
  connectBusinessBot: route({
    method: 'POST',
    path: '/business/connect',
    tag: 'business',
    summary: 'Connect a bot to a business account',
    description:
      "The person's account becomes a business account with the bot connected and the rights given " +
      '(`can_reply` alone, or any of `rights`). The bot gets `business_connection`; a bot connected ' +
      'before is disconnected (it gets `business_connection` with `is_enabled` false). Connecting the ' +
      'same bot again changes its rights and keeps the connection id. From then on the bot gets ' +
      "`business_message`, `edited_business_message` and `deleted_business_messages` of the account's " +
      'private chats with other people.',
    params: params('ConnectBusinessBotParams', {
      ...USER_AND_BOT,
      can_reply: bool({ default: false, description: 'Shorthand for `rights.can_reply`.' }),
      rights: flags('BusinessBotRights', BUSINESS_RIGHT_NAMES),
    }),
    result: 'BusinessConnection',
    answer: 'The connection, as the bot sees it.',
    errors: ['BadRequest', NOT_CONNECTED],
  }),

  disconnectBusinessBot: route({
    method: 'POST',
    path: '/business/disconnect',
    tag: 'business',
    summary: 'Disconnect a bot from a business account',
    description:
      'The bot gets `business_connection` with `is_enabled` false; its calls with the connection ' +
      'answer "Bad Request: BUSINESS_CONNECTION_INVALID".',
    params: params('DisconnectBusinessBotParams', USER_AND_BOT),
    result: 'BusinessConnection',
    answer: 'The connection, now disabled.',
    errors: ['BadRequest', NOT_CONNECTED],
  }),

  listStories: route({
    method: 'GET',
    path: '/stories',
    tag: 'business',
    summary: "List a business account's stories",
    description:
      'The stories that are active now (on the platform clock) and those kept on the chat page, newest ' +
      'first, with their content, caption and areas.',
    params: params('ListStoriesParams', {
      owner: ref('user', { required: true, description: 'The account whose stories are listed.' }),
    }),
    result: 'StoryRecord[]',
    answer: 'The stories, newest first.',
    errors: ['ReferenceNotFound'],
  }),

  replyToStory: route({
    method: 'POST',
    path: '/stories/reply',
    tag: 'business',
    summary: "Reply to an account's active story",
    description:
      'A message in the private chat with the account, with `reply_to_story`; the bot connected to ' +
      'the account gets it as `business_message`.',
    params: params('ReplyToStoryParams', {
      from: ref('user', { required: true }),
      owner: ref('user', { required: true, description: 'The account that posted the story.' }),
      story_id: int({ required: true, min: 1, max: MAX_INT32 }),
      text: str({ required: true, minLength: 1, maxLength: 4096 }),
    }),
    result: 'Message',
    answer: 'The message as the sender sees it.',
    errors: [
      'BadRequest',
      {
        status: 404,
        description: 'No such user, or the story is not active.',
        codes: ['USER_NOT_FOUND', 'STORY_NOT_FOUND'],
      },
    ],
  }),

  createManagedBot: route({
    method: 'POST',
    path: '/managed-bots',
    tag: 'bots',
    summary: 'Create a bot managed by another bot',
    description:
      'The person creates the bot; `manager` gets `managed_bot` and, in its private chat with the ' +
      'person, the `managed_bot_created` service message, and reads the token with ' +
      'getManagedBotToken. With `button` (the text of a `request_managed_bot` keyboard button on a ' +
      "recent message of the manager), the button's suggested name and username are the defaults.",
    params: params('CreateManagedBotParams', {
      owner: ref('user', { required: true }),
      manager: ref('user', { required: true, description: 'The bot that will manage the new bot.' }),
      username: str({
        description: 'Ends in `bot`, 5-32 characters; required unless the button suggests one.',
      }),
      first_name: str({ description: 'Defaults to the username.' }),
      button: str({ description: 'The text of the `request_managed_bot` keyboard button pressed.' }),
    }),
    result: 'ManagedBotRecord',
    answer: 'The new bot, its owner and its manager.',
    errors: [
      {
        status: 400,
        description: 'A parameter is missing or malformed, or the username is of the wrong shape.',
        codes: ['BAD_REQUEST', 'USERNAME_INVALID'],
      },
      {
        status: 404,
        description: 'No such user or bot, or no such button.',
        codes: ['USER_NOT_FOUND', 'BOT_NOT_FOUND', 'BUTTON_NOT_FOUND'],
      },
      { status: 409, description: 'The username is already taken.', codes: ['USERNAME_OCCUPIED'] },
    ],
  }),
} as const;
