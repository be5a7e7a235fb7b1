/**
 * Channels' direct messages and suggested posts (ADR 0053): Platform's `suggestedPosts`. Building it
 * registers their publishing and payouts as a timed job, the refund of a deleted paid post as a
 * listener of the kernel's message.changed (core/event-listeners.ts), and their service messages'
 * renderer.
 */
import { GROUP_CONTEXT_KEYS } from '../chats/group-context.js';
import type { EventListeners } from '../core/event-listeners.js';
import { feature } from '../core/feature.js';
import type { TimedJobs } from '../core/timed-jobs.js';
import type { SuggestedPostsContext } from './direct-messages.js';
import { SuggestedPosts } from './suggested-posts.js';

export const suggestedPostsFeature = feature(
  'suggestedPosts',
  [...GROUP_CONTEXT_KEYS, 'stars', 'timedJobs', 'listeners'],
  (p: SuggestedPostsContext & { timedJobs: TimedJobs; listeners: EventListeners }) =>
    new SuggestedPosts(p, p.timedJobs, p.listeners),
);
