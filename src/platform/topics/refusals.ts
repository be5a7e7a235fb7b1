/**
 * The refusals of forum topics. None of these is in the reference catalogue (text unverified): the
 * lower-case ones are TDLib's (ForumTopicManager.cpp, MessagesManager.cpp), the tokens the server's. One entry per code (core/refusals/refusal.ts says
 * what an entry holds; ADR 0108 and its addendum).
 */
import type { Refusals } from '../core/refusals/index.js';

export const TOPIC_REFUSALS = {
  CHAT_NOT_FORUM: { kind: 'invalid', bot: 'Bad Request: the chat is not a forum', control: 'BAD_REQUEST' },
  TOPIC_NOT_MODIFIED: { kind: 'invalid', bot: 'Bad Request: TOPIC_NOT_MODIFIED', control: 'BAD_REQUEST' },
  TOPIC_ID_INVALID: { kind: 'invalid', bot: 'Bad Request: TOPIC_ID_INVALID', control: 'BAD_REQUEST' },
  MESSAGE_THREAD_NOT_FOUND: {
    kind: 'not_found',
    bot: 'Bad Request: message thread not found',
    control: 'BAD_REQUEST',
  },
  MESSAGE_THREAD_ID_INVALID: {
    kind: 'invalid',
    bot: 'Bad Request: invalid message thread identifier specified',
    control: 'BAD_REQUEST',
  },
  TOPIC_CLOSED: { kind: 'invalid', bot: 'Bad Request: TOPIC_CLOSED', control: 'BAD_REQUEST' },
  TOPIC_ICON_COLOR_INVALID: {
    kind: 'invalid',
    bot: 'Bad Request: invalid icon color specified',
    control: 'BAD_REQUEST',
  },
  NOT_ENOUGH_RIGHTS_TO_CREATE_TOPIC: {
    kind: 'forbidden',
    bot: 'Bad Request: not enough rights to create a topic',
    control: 'CHAT_ADMIN_REQUIRED',
  },
  NOT_ENOUGH_RIGHTS_TO_EDIT_TOPIC: {
    kind: 'forbidden',
    bot: 'Bad Request: not enough rights to edit the topic',
    control: 'CHAT_ADMIN_REQUIRED',
  },
  NOT_ENOUGH_RIGHTS_TO_CLOSE_TOPIC: {
    kind: 'forbidden',
    bot: 'Bad Request: not enough rights to close or open the topic',
    control: 'CHAT_ADMIN_REQUIRED',
  },
  NOT_ENOUGH_RIGHTS_TO_DELETE_TOPIC: {
    kind: 'forbidden',
    bot: 'Bad Request: not enough rights to delete the topic',
    control: 'CHAT_ADMIN_REQUIRED',
  },
} satisfies Refusals;

declare module '../core/refusals/index.js' {
  interface RefusalTables {
    topics: typeof TOPIC_REFUSALS;
  }
}
