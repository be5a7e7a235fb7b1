/** Stories of business accounts, posted by their connected bots (ADR 0049): Platform's `stories`. */
import { feature } from '../core/feature.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { Messages } from '../messages/messages.js';
import type { Users } from '../users/users.js';
import { Stories } from './stories.js';

export const storiesFeature = feature(
  'stories',
  ['deps', 'users', 'messages'],
  (p: { deps: PlatformDeps; users: Users; messages: Messages }) => new Stories(p.deps, p.users, p.messages),
);
