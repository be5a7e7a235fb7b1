/** Profile photos of bots, profile audios and emoji statuses of people: Platform's `profiles`. */
import { feature } from '../core/feature.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { Files } from '../files/files.js';
import type { Messages } from '../messages/messages.js';
import type { Users } from '../users/users.js';
import { Profiles } from './profiles.js';

export const profilesFeature = feature(
  'profiles',
  ['deps', 'users', 'messages', 'files'],
  (p: { deps: PlatformDeps; users: Users; messages: Messages; files: Files }) =>
    new Profiles(p.deps, p.users, p.messages, p.files),
);
