/**
 * Where a message goes in a forum (ADR 0045): the topic a send names by message_thread_id, or the
 * topic of the message it replies to, or the General topic. Called inside the send's write, after
 * the reply target is checked: it refuses a thread that does not exist ("message thread not found")
 * and a closed topic to those who may not manage topics (TOPIC_CLOSED), and marks the content with
 * the thread (`_thread`, rendered as message_thread_id and is_topic_message). A message in a topic
 * that replies to nothing replies to the topic's forum_topic_created message, as on the reference
 * platform. Private chats of a bot with topics on (bot-topics.ts) have topics too, without General.
 * Elsewhere message_thread_id is ignored.
 */
import { hasRight, memberState } from '../chats/chat-rights.js';
import { PlatformError } from '../core/errors.js';
import { hasTopics } from './bot-topics.js';
import type { MessageContent } from '../core/wire-types.js';
import { GENERAL_THREAD_ID } from '../../storage/ports/topics.js';
import type { ChatRow } from '../../storage/store.js';
import type { ChatsReader } from '../../storage/ports/chats.js';
import type { MessagesReader } from '../../storage/ports/messages.js';
import type { SettingsReader } from '../../storage/ports/settings.js';
import type { TopicsReader } from '../../storage/ports/topics.js';
import type { UsersReader } from '../../storage/ports/users.js';

/** The thread a message's content belongs to (a topic's own creation message is its thread). */
export function threadOf(content: MessageContent, messageId: number): number | undefined {
  if (typeof content._thread === 'number') return content._thread;
  return content.forum_topic_created !== undefined ? messageId : undefined;
}

export async function placeInThread(
  reader: Pick<ChatsReader, 'getMember'> &
    Pick<MessagesReader, 'getMessage'> &
    TopicsReader &
    SettingsReader &
    Pick<UsersReader, 'getBot'>,
  chat: ChatRow,
  senderId: number,
  now: number,
  content: MessageContent,
): Promise<void> {
  const requested = typeof content._thread === 'number' ? content._thread : undefined;
  // Set again below once checked (a delete only when there is one: sends without stay as they are).
  if (content._thread !== undefined) delete content._thread;
  // Cheap first: every send comes here. A private chat is looked at only for a thread or a reply.
  if (chat.type === 'supergroup') {
    if (!chat.is_forum) return;
  } else if (chat.type !== 'private' || (requested === undefined && content._reply_to === undefined)) return;
  else if (!(await hasTopics(reader, chat))) return;
  let thread = requested;
  if (thread === undefined && content._reply_to !== undefined) {
    thread = await reader.topicOfMessage(chat.pk, content._reply_to);
  }
  const mayManage = async () =>
    hasRight(memberState(await reader.getMember(chat.pk, senderId), now), 'can_manage_topics');
  if (thread === undefined) {
    const general = await reader.getForumTopic(chat.pk, GENERAL_THREAD_ID);
    if (general?.is_closed && !(await mayManage())) {
      throw new PlatformError('TOPIC_CLOSED', 'the General topic is closed');
    }
    return;
  }
  const topic = thread === GENERAL_THREAD_ID ? undefined : await reader.getForumTopic(chat.pk, thread);
  if (!topic) throw new PlatformError('MESSAGE_THREAD_NOT_FOUND', 'message thread not found');
  if (topic.is_closed && !(await mayManage())) {
    throw new PlatformError('TOPIC_CLOSED', 'the topic is closed');
  }
  content._thread = thread;
  if (content._reply_to === undefined && (await reader.getMessage(chat.pk, thread)))
    content._reply_to = thread;
}
