/**
 * Payments' entries in the platform's list (core/feature.ts): the Stars ledger of people and bots,
 * and invoices, paying them, refunds and subscriptions. Building payments registers the join charge
 * with the kernel's invite links and the subscriptions' renewals as a timed job.
 */
import type { Chats } from '../chats/chats.js';
import { GROUP_CONTEXT_KEYS } from '../chats/group-context.js';
import type { Groups } from '../chats/groups.js';
import { feature } from '../core/feature.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { TimedJobs } from '../core/timed-jobs.js';
import type { Users } from '../users/users.js';
import type { PaymentsContext } from './invoices.js';
import { Payments } from './payments.js';
import { StarsLedger } from './stars-ledger.js';

/** The Stars ledger (Platform's `stars`), which other features pay through. */
export const starsFeature = feature(
  'stars',
  ['deps', 'users', 'chats'],
  (p: { deps: PlatformDeps; users: Users; chats: Chats }) => new StarsLedger(p.deps, p.users, p.chats),
);

export const paymentsFeature = feature(
  'payments',
  [...GROUP_CONTEXT_KEYS, 'stars', 'groups', 'timedJobs'],
  (p: PaymentsContext & { groups: Groups; timedJobs: TimedJobs }) =>
    new Payments(p, p.groups.inviteLinks, p.timedJobs),
);
