/** Communities of supergroups and channels (ADR 0077): Platform's `communities`. */
import { GROUP_CONTEXT_KEYS, type GroupContext } from '../chats/group-context.js';
import { feature } from '../core/feature.js';
import { Communities } from './communities.js';

export const communitiesFeature = feature(
  'communities',
  GROUP_CONTEXT_KEYS,
  (p: GroupContext) => new Communities(p),
);
