/**
 * Mini Apps, join-request queries and guest mode (docs/mini-apps.md, ADR 0047): a person opens a
 * bot's Mini App and gets its signed launch data, sends data back from a reply keyboard's app,
 * shares a prepared message, uses a prepared button; a bot's guest and join-request settings; the
 * bot that processes a chat's join requests.
 */
import { MAX_INT32 } from './common.js';
import { array, bool, int, params, ref, route, str } from './dsl.js';

const ENABLED = params('BotQueriesSettingParams', {
  bot: ref('user', { required: true, description: 'The bot.' }),
  enabled: bool({ required: true }),
});

const NOT_FOUND = {
  status: 404,
  description:
    'No such user, bot, chat, message (`MESSAGE_NOT_FOUND`) or Mini App button (`BUTTON_NOT_FOUND`).',
  codes: ['USER_NOT_FOUND', 'BOT_NOT_FOUND', 'CHAT_NOT_FOUND', 'MESSAGE_NOT_FOUND', 'BUTTON_NOT_FOUND'],
} as const;

export const WEB_APPS = {
  openWebApp: route({
    method: 'POST',
    path: '/web-apps/open',
    tag: 'inline',
    summary: "Open a bot's Mini App as a user and get its signed launch data",
    description:
      "Opens the Mini App of the bot's menu button in the user's private chat with it, or, with " +
      '`message_id` and `button`, of that web_app button of a message of that chat (inline keyboard ' +
      'or reply keyboard), or, with `join_request_chat`, the Mini App the bot showed for the ' +
      "user's join request to that chat. `init_data` is signed with the bot's token (`hash`) and " +
      "with Parley's Ed25519 key (`signature`; GET /control/web-apps/key); an app opened from the " +
      'menu button or an inline button gets a `query_id` for answerWebAppQuery; one opened from a ' +
      'reply keyboard button gets empty launch data, as on the reference platform.',
    params: params('OpenWebAppParams', {
      user: ref('user', { required: true }),
      bot: ref('user', {
        description: "The bot, e.g. `@shop_bot`; required unless it is a join request's Mini App.",
      }),
      message_id: int({ min: 1, max: MAX_INT32, description: 'A message of the private chat with the bot.' }),
      button: str({ description: 'The text of the web_app button of that message.' }),
      join_request_chat: ref('chat', {
        description: "The chat of the user's join request whose Mini App the bot showed.",
      }),
    }),
    result: 'WebAppLaunch',
    answer: 'What the client hands the Mini App.',
    errors: ['BadRequest', NOT_FOUND],
  }),

  sendWebAppData: route({
    method: 'POST',
    path: '/web-apps/send-data',
    tag: 'inline',
    summary: "Send data to the bot from the Mini App of its reply keyboard's button",
    description:
      'The button must be a web_app button of the reply keyboard the bot shows the user now. The bot ' +
      'gets a `web_app_data` service message from the user (Telegram.WebApp.sendData).',
    params: params('SendWebAppDataParams', {
      user: ref('user', { required: true }),
      bot: ref('user', { required: true, description: 'The bot.' }),
      button: str({ required: true, description: 'The text of the web_app keyboard button.' }),
      data: str({ required: true, description: 'What the Mini App sends, 1-4096 bytes.' }),
    }),
    result: 'Message',
    answer: 'The service message as the user sees it.',
    errors: ['BadRequest', NOT_FOUND],
  }),

  getWebAppKey: route({
    method: 'GET',
    path: '/web-apps/key',
    tag: 'inline',
    summary: "Parley's Ed25519 public key of Mini App launch data signatures",
    description:
      "Third parties check launch data's `signature` with this key and the bot's id " +
      "(docs/mini-apps.md). It is made once per data location; it is not the reference platform's key.",
    result: 'WebAppKey',
    answer: 'The public key.',
  }),

  shareWebAppMessage: route({
    method: 'POST',
    path: '/web-apps/share-message',
    tag: 'inline',
    summary: 'Send a prepared inline message from a Mini App as a user',
    description:
      'The message the bot saved for this user with savePreparedInlineMessage goes from the user, ' +
      '`via_bot` the bot, into the chat the user picks, if the bot allowed that kind of chat and the ' +
      'message has not expired.',
    params: params('ShareWebAppMessageParams', {
      user: ref('user', { required: true }),
      prepared_message_id: str({ required: true }),
      chat: ref('chat', { required: true, description: 'The chat the user picks.' }),
    }),
    result: 'ChosenInlineResult',
    answer: 'The sent message as the user sees it.',
    errors: ['BadRequest', NOT_FOUND],
  }),

  useWebAppButton: route({
    method: 'POST',
    path: '/web-apps/use-button',
    tag: 'inline',
    summary: 'Use a prepared keyboard button from a Mini App as a user',
    description:
      'A request_users button shares the picked `users`, a request_chat button the picked `chat`, ' +
      'with the bot: it gets a `users_shared` or `chat_shared` service message from the user.',
    params: params('UseWebAppButtonParams', {
      user: ref('user', { required: true }),
      prepared_button_id: str({ required: true }),
      users: array(ref('user'), { invalid: 'users must be an array of user references' }),
      chat: ref('chat', { description: 'A group, supergroup or channel the user is a member of.' }),
    }),
    result: 'Message',
    answer: 'The service message as the user sees it.',
    errors: ['BadRequest', NOT_FOUND],
  }),

  setBotGuestQueries: route({
    method: 'POST',
    path: '/bots/guest-queries',
    tag: 'bots',
    summary: 'Let a bot be summoned into chats it is not a member of (guest mode)',
    description:
      "getMe's `supports_guest_queries` follows. A person who mentions the bot in a group or " +
      'supergroup it is not a member of summons it: the bot gets `guest_message`.',
    params: ENABLED,
    result: 'true',
    answer: 'Always true.',
    errors: ['ReferenceNotFound'],
  }),

  setBotJoinRequestQueries: route({
    method: 'POST',
    path: '/bots/join-request-queries',
    tag: 'bots',
    summary: 'Let a bot process join requests with join-request queries',
    description: "getMe's `supports_join_request_queries` follows.",
    params: ENABLED,
    result: 'true',
    answer: 'Always true.',
    errors: ['ReferenceNotFound'],
  }),

  setJoinRequestBot: route({
    method: 'POST',
    path: '/chats/join-request-bot',
    tag: 'chats',
    summary: "Assign the bot that processes a chat's join requests, as its creator or an administrator",
    description:
      'The user may invite users to the chat; the bot supports join-request queries and is an ' +
      'administrator with can_invite_users. Its chat_join_request updates then carry `query_id`. ' +
      'Without `bot`, no bot is assigned.',
    params: params('SetJoinRequestBotParams', {
      user: ref('user', { required: true }),
      chat: ref('chat', { required: true }),
      bot: ref('user', { description: 'The bot; none to unassign.' }),
    }),
    result: 'true',
    answer: 'Always true.',
    errors: [
      'BadRequest',
      {
        status: 403,
        description: 'The user or the bot may not invite users to the chat.',
        codes: ['CHAT_ADMIN_REQUIRED'],
      },
      'ReferenceNotFound',
    ],
  }),
} as const;
