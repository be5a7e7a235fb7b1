/**
 * A chat's forum topics and invite links from a world file to the rows an import writes (ADR 0102):
 * thread ids and links kept where the file gives them (a kept link opens the same chat), made where
 * it does not; creators resolved (absent: the chat's creator); thread ids and links taken twice, or
 * a link taken in the workspace, are problems. A forum the file gives without its General topic
 * gets it, as turning topics on makes it (topic-checks.ts `enableForum`).
 */
import type { Platform } from '../assembly/platform.js';
import { STORED_LINK_PREFIX, storedLink } from '../chats/invite-link-form.js';
import { GENERAL_THREAD_ID } from '../../storage/ports/topics.js';
import { GENERAL_NAME, ICON_COLORS } from '../topics/topic-rules.js';
import type { WorldProblems } from './world-checker.js';
import type { WorldUsers } from './world-refs.js';
import type { PlannedChat } from './world-rows.js';
import type { WorldPath } from './world-source.js';
import type { WorldChat, WorldRef } from './world-types.js';

export async function planTopicsAndLinks(
  platform: Platform,
  chat: WorldChat,
  path: WorldPath,
  planned: PlannedChat,
  users: WorldUsers,
  problems: WorldProblems,
  /** Links the file's chats before this one took. */
  links: Set<string>,
): Promise<void> {
  const owner = planned.members.find((m) => m.status === 'creator')?.user_id;
  const creatorOf = async (ref: WorldRef | undefined, at: WorldPath): Promise<number | undefined> => {
    if (ref === undefined) {
      if (owner === undefined) problems.add(at, 'is required: the chat has no creator to default to');
      return owner;
    }
    const user = await users.resolve(ref);
    if (!user) problems.add(at, `no user or bot ${String(ref)} in the file or the workspace`);
    return user?.id;
  };
  const now = planned.row.created_at;

  const given = (chat.topics ?? []).map((t) => t.thread_id).filter((id): id is number => id !== undefined);
  let next = Math.max(planned.row.last_message_id, ...given);
  const threads = new Set<number>();
  for (const [i, topic] of (chat.topics ?? []).entries()) {
    const at = [...path, 'topics', i];
    const threadId = topic.thread_id ?? ++next;
    if (threads.has(threadId)) problems.add([...at, 'thread_id'], `thread ${threadId} is in the chat twice`);
    threads.add(threadId);
    const creator = await creatorOf(topic.creator, [...at, 'creator']);
    planned.topics.push({
      thread_id: threadId,
      name: topic.name,
      icon_color: topic.icon_color ?? ICON_COLORS[0],
      icon_custom_emoji_id: topic.icon_custom_emoji_id ?? null,
      creator_id: creator ?? 0,
      is_closed: topic.is_closed === true,
      is_hidden: topic.is_hidden === true,
      created_at: now,
    });
  }
  if (chat.is_forum === true && !threads.has(GENERAL_THREAD_ID) && owner !== undefined) {
    planned.topics.unshift({
      thread_id: GENERAL_THREAD_ID,
      name: GENERAL_NAME,
      icon_color: ICON_COLORS[0],
      icon_custom_emoji_id: null,
      creator_id: owner,
      is_closed: false,
      is_hidden: false,
      created_at: now,
    });
  }
  // New messages take ids after every thread's.
  planned.row.last_message_id = Math.max(planned.row.last_message_id, next, ...threads);

  const primaries = new Set<number>();
  for (const [i, link] of (chat.invite_links ?? []).entries()) {
    const at = [...path, 'invite_links', i];
    const stored =
      link.link === undefined
        ? `${STORED_LINK_PREFIX}${platform.deps.random.token(16)}`
        : storedLink(link.link);
    if (links.has(stored) || (await platform.deps.store.getInviteLink(stored)))
      problems.add([...at, 'link'], `${link.link ?? 'the link'} is taken`);
    links.add(stored);
    const creator = await creatorOf(link.creator, [...at, 'creator']);
    if (link.is_primary === true && link.is_revoked !== true && creator !== undefined) {
      if (primaries.has(creator)) problems.add([...at, 'is_primary'], 'its creator has another primary link');
      primaries.add(creator);
    }
    planned.links.push({
      link: stored,
      creator_id: creator ?? 0,
      name: link.name || null,
      expire_date: link.expire_date || null,
      member_limit: link.member_limit ?? null,
      creates_join_request: link.creates_join_request === true,
      is_primary: link.is_primary === true,
      is_revoked: link.is_revoked === true,
      created_at: now,
    });
  }
}
