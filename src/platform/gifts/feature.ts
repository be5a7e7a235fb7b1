/** The gift catalogue, gifts sent and owned, Premium for Stars (ADR 0050): Platform's `gifts`. */
import { GROUP_CONTEXT_KEYS } from '../chats/group-context.js';
import { feature } from '../core/feature.js';
import { Gifts } from './gift-service.js';
import type { GiftsContext } from './gifts.js';

export const giftsFeature = feature(
  'gifts',
  [...GROUP_CONTEXT_KEYS, 'stars', 'files'],
  (p: GiftsContext) => new Gifts(p),
);
