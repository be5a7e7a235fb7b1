/** Passport (ADR 0054): bots' public keys, data people share, errors bots set. Platform's `passport`. */
import { feature } from '../core/feature.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { Files } from '../files/files.js';
import type { Messages } from '../messages/messages.js';
import type { Users } from '../users/users.js';
import { Passport } from './passport.js';

export const passportFeature = feature(
  'passport',
  ['deps', 'users', 'messages', 'files'],
  (p: { deps: PlatformDeps; users: Users; messages: Messages; files: Files }) =>
    new Passport(p.deps, p.users, p.messages, p.files),
);
