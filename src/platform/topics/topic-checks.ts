/** The checks the forum topic methods share, and turning topics on in a supergroup (ADR 0045). */
import { chatPermissions } from '../chats/chat-access.js';
import { hasRight, isAdmin, mayUseRight, type AdminRightKey } from '../chats/chat-rights.js';
import type { ActingIn } from '../chats/group-context.js';
import { PlatformError, type PlatformErrorCode } from '../core/errors.js';
import { GENERAL_THREAD_ID, type TopicsReader, type TopicsWriter } from '../../storage/ports/topics.js';
import type { ChatsWriter } from '../../storage/ports/chats.js';
import type { ChatRow, ForumTopicRow } from '../../storage/store.js';
import { GENERAL_NAME, ICON_COLORS } from './topic-rules.js';

/** Fails unless the chat is a forum (a supergroup with topics on). */
export function checkForum(chat: ChatRow): void {
  if (chat.type !== 'supergroup' || !chat.is_forum) {
    throw new PlatformError('CHAT_NOT_FORUM', 'the chat is not a forum');
  }
}

/** message_thread_id of a topic method: a positive id (TDLib can_be_message_thread_id). */
export function checkThreadId(threadId: number): void {
  if (!Number.isInteger(threadId) || threadId <= 0) {
    throw new PlatformError('MESSAGE_THREAD_ID_INVALID', 'invalid message thread identifier specified');
  }
}

/** Refuses an actor without `right`, unless it created the topic. */
export function need(
  at: ActingIn,
  right: AdminRightKey,
  code: PlatformErrorCode,
  topic?: ForumTopicRow,
): void {
  if (topic && topic.creator_id === at.actor.id) return;
  if (!hasRight(at.state, right)) throw new PlatformError(code, `${right} is needed`);
}

/**
 * Turns topics on in a supergroup, in the caller's write: is_forum, and the General topic when the
 * chat has none yet (a forum turned off and on again keeps its topics).
 */
export async function enableForum(
  tx: Pick<ChatsWriter, 'updateChat'> &
    Pick<TopicsReader, 'getForumTopic'> &
    Pick<TopicsWriter, 'insertForumTopic'>,
  chat: ChatRow,
  creatorId: number,
  now: number,
): Promise<void> {
  await tx.updateChat(chat.pk, { is_forum: 1 });
  if (await tx.getForumTopic(chat.pk, GENERAL_THREAD_ID)) return;
  await tx.insertForumTopic({
    chat_pk: chat.pk,
    thread_id: GENERAL_THREAD_ID,
    name: GENERAL_NAME,
    icon_color: ICON_COLORS[0],
    icon_custom_emoji_id: null,
    creator_id: creatorId,
    is_closed: false,
    is_hidden: false,
    created_at: now,
  });
}
export const noRightToCreate = () =>
  new PlatformError('NOT_ENOUGH_RIGHTS_TO_CREATE_TOPIC', 'not enough rights to create a topic');

/** Refuses a topic's creation in a group chat by an actor without can_manage_topics (ADR 0071). */
export function checkMayCreateTopic(at: ActingIn): void {
  const allowed =
    at.actor.is_bot || !isAdmin(at.state)
      ? mayUseRight(at.actor, at.state, chatPermissions(at.chat), 'can_manage_topics')
      : hasRight(at.state, 'can_manage_topics') || chatPermissions(at.chat).can_manage_topics;
  if (!allowed) throw noRightToCreate();
}
