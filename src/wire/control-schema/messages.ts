/** Text messages of people: sending, listing, waiting for one, pressing a button, editing, deleting, voting. */
import { MAX_INT32, USER_IN_CHAT, messageId, waitTimeout } from './common.js';
import { array, bool, int, params, ref, route, str } from './dsl.js';

const NO_SUCH_MESSAGE = {
  status: 404,
  description: 'No such user, chat or message of that user (`MESSAGE_NOT_FOUND`).',
  codes: ['USER_NOT_FOUND', 'CHAT_NOT_FOUND', 'MESSAGE_NOT_FOUND'],
} as const;

export const MESSAGES = {
  sendMessage: route({
    method: 'POST',
    path: '/messages',
    tag: 'messages',
    summary: 'Send a message as a user',
    description: 'Commands become `bot_command` entities; the bots of the chat get a `message`.',
    params: params('SendMessageParams', {
      from: ref('user', { required: true }),
      chat: ref('chat', { required: true }),
      text: str({
        required: true,
        allowEmpty: true,
        minLength: 1,
        maxLength: 4096,
        platform: true,
        description: '1-4096 characters; otherwise 400 `MESSAGE_TEXT_INVALID`.',
      }),
      reply_to_message_id: int({ min: 1, max: MAX_INT32 }),
      message_thread_id: int({
        min: 1,
        max: MAX_INT32,
        description: 'A forum topic to write in (ignored outside forums); a reply goes to its topic.',
      }),
      as_chat: ref('chat', {
        description:
          'Send on behalf of this chat (id or `@username`; supergroups only): a channel the user owns or ' +
          'administers, or the supergroup itself for one of its administrators. The message then has ' +
          '`sender_chat` and, as `from`, the placeholder bot (`Channel_Bot` or `GroupAnonymousBot`). ' +
          'Refused (403 `CHAT_WRITE_FORBIDDEN`) while the channel, or a channel of its owner, is banned ' +
          'there with `banChatSenderChat`.',
      }),
      ephemeral: bool({
        description:
          'Send the text as an ephemeral command (Bot API 10.2, ADR 0080): it must start with a command ' +
          'that a bot of the group or supergroup declared ephemeral (`BotCommand.is_ephemeral`) in the ' +
          'list this user sees (`/cmd@bot` names the bot when two declare it). Only that bot gets it, as ' +
          'a `message` with `message_id` 0, `ephemeral_message_id` and `receiver_user` the bot; no other ' +
          'member or bot sees it. Goes with none of `reply_to_message_id`, `message_thread_id`, `as_chat`. ' +
          'Otherwise 400 `BAD_REQUEST`.',
      }),
    }),
    result: 'Message',
    answer: 'The message as the sender sees it.',
    errors: [
      {
        status: 400,
        description:
          'A parameter is missing or malformed, or the text is empty or longer than 4096 characters.',
        codes: ['BAD_REQUEST', 'MESSAGE_TEXT_INVALID'],
      },
      'WriteForbidden',
      'ReferenceNotFound',
    ],
  }),

  listMessages: route({
    method: 'GET',
    path: '/messages',
    tag: 'messages',
    summary: 'List the messages of a chat as a user sees them',
    description: 'The newest `limit` messages, oldest first.',
    params: params('ListMessagesParams', {
      user: ref('user', { required: true, description: 'The user whose view of the chat is listed.' }),
      chat: ref('chat', { required: true }),
      limit: int({ min: 1, max: 100, default: 100, description: 'How many of the newest messages.' }),
    }),
    result: 'Message[]',
    answer: 'The messages, oldest first.',
    errors: ['ReferenceNotFound'],
  }),

  searchMessages: route({
    method: 'GET',
    path: '/messages/search',
    tag: 'messages',
    summary: 'Search the messages a user sees, in one chat or across chats',
    description:
      'Messages whose text or caption holds every word of `q` as the start of one of its words ' +
      '("hel" finds "Hello"), in any case: in the chats the user is in, ephemeral messages only for ' +
      'their receiver (and sender), deleted ones never. Newest first, `limit` a page, and ' +
      '`next_cursor` to pass as `cursor` for the next page (ADR 0101).',
    params: params('SearchMessagesParams', {
      user: ref('user', { required: true, description: 'The user who searches.' }),
      q: str({
        required: true,
        minLength: 1,
        maxLength: 256,
        description: 'The words to find (letters and digits; up to 8 words count).',
      }),
      chat: ref('chat', { description: 'Only this chat (an id, or `@username` for the private chat).' }),
      limit: int({ min: 1, max: 100, default: 20, description: 'How many messages.' }),
      cursor: str({ maxLength: 80, description: 'The next page: `next_cursor` of the page before.' }),
    }),
    result: 'MessageSearchPage',
    answer: 'A page of messages, newest first, as the user sees them.',
    errors: [
      {
        status: 400,
        description: 'A parameter is missing or malformed, or `cursor` is not one a search answered.',
        codes: ['BAD_REQUEST'],
      },
      'ReferenceNotFound',
    ],
  }),

  waitForMessage: route({
    method: 'POST',
    path: '/wait',
    tag: 'messages',
    summary: 'Wait for the next message a user receives in a chat',
    description:
      'Answers with the oldest message that another party sent to the user in that chat and that no\n' +
      'earlier `wait` of that user in that chat returned: each user keeps a read cursor per chat, and\n' +
      '`wait` advances it. So `send` followed by `wait` works even if the bot answered before the `wait`\n' +
      'began. With `after_message_id`, it answers with the first incoming message whose id is greater,\n' +
      'ignoring the cursor. If nothing arrives before the timeout it answers 408 `WAIT_TIMEOUT`.\n' +
      '\n' +
      'The request is held for up to `timeout` seconds: clients must not time out sooner.',
    params: params('WaitForMessageParams', {
      ...USER_IN_CHAT,
      timeout: waitTimeout('Seconds to wait.'),
      after_message_id: int({
        min: 0,
        max: MAX_INT32,
        description: 'Answer with the first incoming message whose id is greater, ignoring the read cursor.',
      }),
    }),
    result: 'Message',
    answer: 'The next message the user receives in the chat.',
    errors: [
      'ReferenceNotFound',
      {
        status: 408,
        description: 'No message arrived before the timeout.',
        codes: ['WAIT_TIMEOUT'],
        example: { error: 'WAIT_TIMEOUT', description: 'no message arrived within 10 seconds' },
      },
    ],
  }),

  pressButton: route({
    method: 'POST',
    path: '/press',
    tag: 'messages',
    summary: "Press an inline button as a user and wait for the bot's answer",
    description:
      'The bot that sent the message gets a `callback_query` update; the request is held until the bot ' +
      'calls answerCallbackQuery or `timeout` seconds pass. A url button sends nothing to the bot and ' +
      'answers at once with its `url`.',
    params: params('PressButtonParams', {
      ...USER_IN_CHAT,
      message_id: messageId(),
      button: str({ required: true, description: 'The text of the inline button.' }),
      timeout: waitTimeout("Seconds to wait for the bot's answer."),
    }),
    result: 'PressResult',
    answer: "What the user's client shows.",
    errors: [
      {
        status: 404,
        description: 'No such user, chat, message (`MESSAGE_NOT_FOUND`) or button (`BUTTON_NOT_FOUND`).',
        codes: ['USER_NOT_FOUND', 'CHAT_NOT_FOUND', 'MESSAGE_NOT_FOUND', 'BUTTON_NOT_FOUND'],
      },
    ],
  }),

  editMessage: route({
    method: 'POST',
    path: '/messages/edit',
    tag: 'messages',
    summary: "Edit the text of a user's own message",
    description: 'Bots in the chat get an `edited_message` update (`edited_channel_post` in a channel).',
    params: params('EditMessageParams', {
      ...USER_IN_CHAT,
      message_id: messageId(),
      text: str({ required: true, minLength: 1, maxLength: 4096, platform: true }),
    }),
    result: 'Message',
    answer: 'The edited message as the user sees it.',
    errors: [
      {
        status: 400,
        description:
          'A parameter is missing or malformed, the text is too long (`MESSAGE_TEXT_INVALID`), or ' +
          'nothing changes (`MESSAGE_NOT_MODIFIED`).',
        codes: ['BAD_REQUEST', 'MESSAGE_TEXT_INVALID', 'MESSAGE_NOT_MODIFIED'],
      },
      NO_SUCH_MESSAGE,
    ],
  }),

  deleteMessage: route({
    method: 'POST',
    path: '/messages/delete',
    tag: 'messages',
    summary: "Delete a user's own message",
    params: params('DeleteMessageParams', { ...USER_IN_CHAT, message_id: messageId() }),
    result: 'true',
    answer: 'Deleted.',
    errors: [NO_SUCH_MESSAGE],
  }),

  votePoll: route({
    method: 'POST',
    path: '/polls/vote',
    tag: 'messages',
    summary: 'Vote in the poll of a message as a user',
    description: 'The bot that sent the poll gets `poll`, and `poll_answer` unless the poll is anonymous.',
    params: params('VotePollParams', {
      ...USER_IN_CHAT,
      message_id: messageId(),
      option_ids: array(int({ min: 0 }), {
        required: true,
        invalid: 'option_ids must be an array of option indexes (0-based)',
        description: "The chosen options' 0-based indexes; an empty list retracts the vote.",
      }),
    }),
    result: 'Poll',
    answer: "The poll's new state.",
    errors: [
      {
        status: 404,
        description: 'No such user, chat, or message with a poll (`MESSAGE_NOT_FOUND`).',
        codes: ['USER_NOT_FOUND', 'CHAT_NOT_FOUND', 'MESSAGE_NOT_FOUND'],
      },
    ],
  }),
} as const;
