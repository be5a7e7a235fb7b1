/**
 * Business accounts' entries in the platform's list (core/feature.ts, ADR 0049): the relay of a
 * chat's messages to connected bots (the kernel's MessageRelay, built before messages, which takes
 * it), connections, what a connected bot changes of the account, and the account's Stars.
 */
import { feature } from '../core/feature.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { Files } from '../files/files.js';
import type { StarsLedger } from '../payments/stars-ledger.js';
import type { UpdateQueue } from '../updates/update-queue.js';
import type { Users } from '../users/users.js';
import { BusinessAccount } from './business-account.js';
import { BusinessRelay } from './business-relay.js';
import { BusinessStars } from './business-stars.js';
import { Business } from './business.js';

/** The relay of messages to connected business bots: the kernel's MessageRelay (ADR 0111). */
export const businessRelayFeature = feature(
  'businessRelay',
  ['deps', 'updates', 'files'],
  (p: { deps: PlatformDeps; updates: UpdateQueue; files: Files }) =>
    new BusinessRelay(p.deps, p.updates, p.files),
);

/** Business accounts: connected bots, their rights and updates. */
export const businessFeature = feature(
  'business',
  ['deps', 'users', 'updates'],
  (p: { deps: PlatformDeps; users: Users; updates: UpdateQueue }) => new Business(p.deps, p.users, p.updates),
);

/** What a connected bot changes of the business account itself. */
export const businessAccountFeature = feature(
  'businessAccount',
  ['deps', 'updates', 'businessRelay'],
  (p: { deps: PlatformDeps; updates: UpdateQueue; businessRelay: BusinessRelay }) =>
    new BusinessAccount(p.deps, p.updates, p.businessRelay),
);

/** A business account's Stars through its connected bot, on the Stars ledger of payments/. */
export const businessStarsFeature = feature(
  'businessStars',
  ['deps', 'stars'],
  (p: { deps: PlatformDeps; stars: StarsLedger }) => new BusinessStars(p.deps, p.stars),
);
