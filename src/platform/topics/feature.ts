/**
 * Forum topics' entry in the platform's list (core/feature.ts, ADR 0045): turning topics on, topics
 * and the General topic. Building it registers the kernel's threads and forum switch (ADR 0111).
 */
import type { Groups } from '../chats/groups.js';
import { GROUP_CONTEXT_KEYS, type GroupContext } from '../chats/group-context.js';
import { feature } from '../core/feature.js';
import type { Messages } from '../messages/messages.js';
import { ForumTopics } from './forum-topics.js';

export const topicsFeature = feature(
  'topics',
  [...GROUP_CONTEXT_KEYS, 'groups'],
  (p: GroupContext<Messages> & { groups: Groups }) => new ForumTopics(p, p.groups),
);
