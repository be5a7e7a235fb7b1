/**
 * Giveaways that channel and supergroup administrators start (ADR 0056): Platform's `giveaways`.
 * Building it registers their draws as a timed job and their service messages' renderer.
 */
import type { Boosts } from '../boosts/boosts.js';
import { GROUP_CONTEXT_KEYS, type GroupContext } from '../chats/group-context.js';
import { feature } from '../core/feature.js';
import type { TimedJobs } from '../core/timed-jobs.js';
import type { Messages } from '../messages/messages.js';
import type { StarsLedger } from '../payments/stars-ledger.js';
import { Giveaways } from './giveaways.js';

export const giveawaysFeature = feature(
  'giveaways',
  [...GROUP_CONTEXT_KEYS, 'stars', 'boosts', 'timedJobs'],
  (p: GroupContext<Messages> & { stars: StarsLedger; boosts: Boosts; timedJobs: TimedJobs }) =>
    new Giveaways(p, p.stars, p.boosts, p.timedJobs),
);
