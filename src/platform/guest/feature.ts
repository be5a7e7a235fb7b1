/**
 * Guest mode (ADR 0047): bots summoned into chats they are not members of. Platform's `guest`, set as
 * the kernel's `Messages.guests` hook when built.
 */
import { feature } from '../core/feature.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { Files } from '../files/files.js';
import type { Messages } from '../messages/messages.js';
import type { UpdateQueue } from '../updates/update-queue.js';
import type { Users } from '../users/users.js';
import { GuestQueries } from './guest-queries.js';

export const guestFeature = feature(
  'guest',
  ['deps', 'users', 'messages', 'updates', 'files'],
  (p: { deps: PlatformDeps; users: Users; messages: Messages; updates: UpdateQueue; files: Files }) =>
    (p.messages.guests = new GuestQueries(p.deps, p)),
);
