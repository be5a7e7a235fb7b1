/** Bots that people create to be managed by other bots (ADR 0049): Platform's `managedBots`. */
import { GROUP_CONTEXT_KEYS, type GroupContext } from '../chats/group-context.js';
import { feature } from '../core/feature.js';
import type { Messages } from '../messages/messages.js';
import { ManagedBots } from './managed-bots.js';

export const managedBotsFeature = feature(
  'managedBots',
  GROUP_CONTEXT_KEYS,
  (p: GroupContext<Messages>) => new ManagedBots(p.deps, p.users, p.chats, p.messages, p.updates),
);
