/**
 * The shape of a chat's forum topics and invite links in a world file (ADR 0102): the limits
 * createForumTopic and createChatInviteLink apply (names, the six icon colours, member limits, a
 * join request link without a member limit), checked with the rest of the file before anything is
 * written; and a message's reactions (ReactionType objects, as setMessageReaction takes them).
 */
import { ICON_COLORS } from '../topics/topic-rules.js';
import type { Checker, Obj } from './world-checker.js';
import type { WorldPath } from './world-source.js';

/** A link as the file may give it: `https://host/+HASH`, `+HASH` or the bare hash. */
export const LINK_FORM = /^(?:https?:\/\/[^\s/]+(?:\/[^\s/+]+)*\/\+|\+)?[A-Za-z0-9_-]{1,64}$/;
const MAX_INT = 2 ** 31 - 1;

export function checkTopics(c: Checker, path: WorldPath, chat: Obj): void {
  const topics = c.list([...path, 'topics'], chat.topics);
  if (topics.length > 0 && chat.is_forum !== true)
    c.problems.add([...path, 'topics'], 'only a forum (is_forum: true) has topics');
  const keys = [
    'thread_id',
    'name',
    'icon_color',
    'icon_custom_emoji_id',
    'creator',
    'is_closed',
    'is_hidden',
  ];
  topics.forEach((item, i) => {
    const at = [...path, 'topics', i];
    const t = c.object(at, item, keys);
    if (!t) return;
    c.integer([...at, 'thread_id'], t.thread_id, 1, MAX_INT);
    c.string([...at, 'name'], t.name, { required: true, max: 128 });
    if (t.icon_color !== undefined && !(ICON_COLORS as readonly unknown[]).includes(t.icon_color))
      c.problems.add([...at, 'icon_color'], `must be one of ${ICON_COLORS.join(', ')}`);
    c.string([...at, 'icon_custom_emoji_id'], t.icon_custom_emoji_id, { max: 64 });
    c.ref([...at, 'creator'], t.creator, false);
    c.boolean([...at, 'is_closed'], t.is_closed);
    c.boolean([...at, 'is_hidden'], t.is_hidden);
    if (t.is_hidden === true && t.thread_id !== 1)
      c.problems.add([...at, 'is_hidden'], 'only the General topic (thread_id 1) can be hidden');
  });
}

export function checkInviteLinks(c: Checker, path: WorldPath, chat: Obj): void {
  const links = c.list([...path, 'invite_links'], chat.invite_links);
  if (links.length > 0 && chat.type === 'private')
    c.problems.add([...path, 'invite_links'], 'a private chat has none');
  const keys = [
    'link',
    'creator',
    'name',
    'expire_date',
    'member_limit',
    'creates_join_request',
    'is_primary',
    'is_revoked',
  ];
  links.forEach((item, i) => {
    const at = [...path, 'invite_links', i];
    const l = c.object(at, item, keys);
    if (!l) return;
    c.string([...at, 'link'], l.link, { pattern: LINK_FORM, what: 'an invite link (https://t.me/+HASH)' });
    c.ref([...at, 'creator'], l.creator, false);
    c.string([...at, 'name'], l.name, { max: 32 });
    c.integer([...at, 'expire_date'], l.expire_date, 0, MAX_INT);
    c.integer([...at, 'member_limit'], l.member_limit, 1, 99_999);
    c.boolean([...at, 'creates_join_request'], l.creates_join_request);
    c.boolean([...at, 'is_primary'], l.is_primary);
    c.boolean([...at, 'is_revoked'], l.is_revoked);
    if (l.creates_join_request === true && l.member_limit !== undefined)
      c.problems.add([...at, 'member_limit'], 'a link that creates join requests has no member limit');
  });
}

const REACTION_KEYS: Record<string, string | undefined> = {
  emoji: 'emoji',
  custom_emoji: 'custom_emoji_id',
  paid: undefined,
};

export function checkReactions(c: Checker, path: WorldPath, value: unknown): void {
  c.list([...path, 'reactions'], value).forEach((item, i) => {
    const at = [...path, 'reactions', i];
    const r = c.object(at, item, ['user', 'reaction', 'is_big']);
    if (!r) return;
    c.ref([...at, 'user'], r.user);
    c.boolean([...at, 'is_big'], r.is_big);
    const types = c.list([...at, 'reaction'], r.reaction);
    if (r.reaction === undefined || types.length === 0 || types.length > 3)
      c.problems.add([...at, 'reaction'], 'must be a list of 1 to 3 ReactionType objects');
    types.forEach((type, j) => {
      const tat = [...at, 'reaction', j];
      const t = c.object(tat, type, ['type', 'emoji', 'custom_emoji_id']);
      if (!t) return;
      c.oneOf([...tat, 'type'], t.type, Object.keys(REACTION_KEYS));
      const key = REACTION_KEYS[String(t.type)];
      if (key) c.string([...tat, key], t[key], { required: true, max: 64 });
    });
  });
}
