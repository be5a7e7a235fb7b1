/**
 * Mini Apps (ADR 0047): launch data, answers, prepared messages and buttons, join-request queries
 * (registered with the kernel's join requests, ADR 0111). Platform's `webApps`.
 */
import type { Groups } from '../chats/groups.js';
import { feature } from '../core/feature.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import { WebApps, type WebAppParts } from './web-apps.js';

type WebAppNeeds = Omit<WebAppParts, 'members' | 'joinRequests'> & { deps: PlatformDeps; groups: Groups };

export const webAppsFeature = feature(
  'webApps',
  ['deps', 'users', 'chats', 'messages', 'updates', 'files', 'botSettings', 'callbackQueries', 'groups'],
  (p: WebAppNeeds) =>
    new WebApps(p.deps, { ...p, members: p.groups.members, joinRequests: p.groups.joinRequests }),
);
