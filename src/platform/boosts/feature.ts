/**
 * People's boosts of channels and supergroups (ADR 0044): Platform's `boosts`. Building it registers
 * the boosts' expiry as a timed job (core/timed-jobs.ts).
 */
import { GROUP_CONTEXT_KEYS, type GroupContext } from '../chats/group-context.js';
import { feature } from '../core/feature.js';
import type { TimedJobs } from '../core/timed-jobs.js';
import { Boosts } from './boosts.js';

export const boostsFeature = feature(
  'boosts',
  [...GROUP_CONTEXT_KEYS, 'timedJobs'],
  (p: GroupContext & { timedJobs: TimedJobs }) => new Boosts(p, p.timedJobs),
);
