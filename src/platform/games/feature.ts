/** Games registered for bots, game messages and high scores (ADR 0044): Platform's `games`. */
import type { Chats } from '../chats/chats.js';
import { feature } from '../core/feature.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { Files } from '../files/files.js';
import type { Messages } from '../messages/messages.js';
import type { Users } from '../users/users.js';
import { Games } from './games.js';

export const gamesFeature = feature(
  'games',
  ['deps', 'users', 'chats', 'messages', 'files'],
  (p: { deps: PlatformDeps; users: Users; chats: Chats; messages: Messages; files: Files }) =>
    new Games(p.deps, p.users, p.chats, p.messages, p.files),
);
