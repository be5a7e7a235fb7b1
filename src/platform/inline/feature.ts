/** Inline queries' entry in the platform's list (core/feature.ts): Platform's `inline`. */
import { feature } from '../core/feature.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { Files } from '../files/files.js';
import type { Messages } from '../messages/messages.js';
import type { UpdateQueue } from '../updates/update-queue.js';
import type { Users } from '../users/users.js';
import { InlineQueries } from './inline-queries.js';

export const inlineFeature = feature(
  'inline',
  ['deps', 'users', 'messages', 'updates', 'files'],
  (p: { deps: PlatformDeps; users: Users; messages: Messages; updates: UpdateQueue; files: Files }) =>
    new InlineQueries(p.deps, p.users, p.messages, p.updates, p.files),
);
