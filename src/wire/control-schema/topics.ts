/** Forum topics: a person turns topics on in a supergroup, creates topics and lists them (ADR 0045). */
import { MAX_INT32, USER_IN_CHAT } from './common.js';
import { bool, int, params, ref, route, str } from './dsl.js';

const TOPIC_REFUSED = {
  status: 400,
  description:
    'The chat is not a forum (`BAD_REQUEST` "the chat is not a forum"), the name is empty, or the icon ' +
    'colour is not one of the six the Bot API allows.',
  codes: ['BAD_REQUEST', 'CHAT_NOT_FORUM', 'CHAT_TITLE_EMPTY', 'TOPIC_ICON_COLOR_INVALID'],
} as const;

export const TOPICS = {
  setBotTopics: route({
    method: 'POST',
    path: '/bots/topics',
    tag: 'bots',
    summary: "Turn topics on or off in a bot's private chats (as its owner would)",
    description:
      "getMe's `has_topics_enabled` and `allows_users_to_create_topics` follow. With topics on, the bot " +
      'creates, edits and deletes topics in its private chats and sends into them with ' +
      '`message_thread_id`; with `allows_users_to_create_topics` people create (`POST /control/topics`, ' +
      "`chat` the bot's `@username`) and delete topics there too.",
    params: params('SetBotTopicsParams', {
      bot: ref('user', { required: true }),
      has_topics_enabled: bool({ default: true }),
      allows_users_to_create_topics: bool({ default: false }),
    }),
    result: 'BotRecord',
    answer: 'The bot, with its token.',
    errors: ['ReferenceNotFound'],
  }),

  setChatForum: route({
    method: 'POST',
    path: '/chats/forum',
    tag: 'chats',
    summary: 'Turn topics on or off in a supergroup (a forum)',
    description:
      'The creator or an administrator with `can_change_info`. Turning topics on makes the General ' +
      'topic; getChat and every Chat object then show `is_forum`. Topics are kept while they are off.',
    params: params('SetChatForumParams', {
      by: ref('user', { required: true }),
      chat: ref('chat', { required: true, description: 'The supergroup id or its `@username`.' }),
      enabled: bool({ default: true }),
    }),
    result: 'ChatRecord',
    answer: 'The chat with its members.',
    errors: [
      { status: 400, description: 'The chat is not a supergroup.', codes: ['BAD_REQUEST'] },
      'ChatActionRefused',
      'ReferenceNotFound',
    ],
  }),

  createForumTopic: route({
    method: 'POST',
    path: '/topics',
    tag: 'chats',
    summary: 'Create a topic in a forum as a user',
    description:
      'Needs `can_manage_topics` (an administrator right, or the chat permission for members). The ' +
      'topic starts with a `forum_topic_created` message, which the bots of the chat get; its ' +
      '`message_thread_id` is that message id.',
    params: params('CreateForumTopicParams', {
      ...USER_IN_CHAT,
      name: str({ required: true, minLength: 1, maxLength: 128, platform: true }),
      icon_color: int({
        min: 0,
        max: MAX_INT32,
        platform: true,
        description: 'One of 7322096, 16766590, 13338331, 9367192, 16749490, 16478047 (default the first).',
      }),
      icon_custom_emoji_id: str({ description: 'A custom emoji id shown as the icon.' }),
    }),
    result: 'ForumTopic',
    answer: "The Bot API's ForumTopic.",
    errors: [TOPIC_REFUSED, 'ChatActionRefused', 'ReferenceNotFound'],
  }),

  listForumTopics: route({
    method: 'GET',
    path: '/topics',
    tag: 'chats',
    summary: 'The topics of a forum as one of its members sees them',
    description: 'In order of message_thread_id; the General topic (`is_general`) first.',
    params: params('ListForumTopicsParams', USER_IN_CHAT),
    result: 'ForumTopic[]',
    answer: 'The topics, with `is_closed` (and `is_hidden` for General).',
    errors: [TOPIC_REFUSED, 'ReferenceNotFound'],
  }),
} as const;
