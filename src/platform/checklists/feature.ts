/**
 * Checklists (business sends and edits, people marking and adding tasks): Platform's `checklists`.
 * Building it registers their service messages' renderer with the kernel's messages.
 */
import type { BusinessRelay } from '../business/business-relay.js';
import { feature } from '../core/feature.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { Messages } from '../messages/messages.js';
import type { Users } from '../users/users.js';
import { Checklists } from './checklists.js';

export const checklistsFeature = feature(
  'checklists',
  ['deps', 'users', 'messages', 'businessRelay'],
  (p: { deps: PlatformDeps; users: Users; messages: Messages; businessRelay: BusinessRelay }) =>
    new Checklists(p.deps, p.users, p.messages, p.businessRelay),
);
