/** Drafts bots stream into private chats (sendMessageDraft): Platform's `drafts`. */
import type { Chats } from '../chats/chats.js';
import { feature } from '../core/feature.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { Messages } from '../messages/messages.js';
import type { Users } from '../users/users.js';
import { Drafts } from './drafts.js';

export const draftsFeature = feature(
  'drafts',
  ['deps', 'users', 'chats', 'messages'],
  (p: { deps: PlatformDeps; users: Users; chats: Chats; messages: Messages }) =>
    new Drafts(p.deps, p.users, p.chats, p.messages),
);
