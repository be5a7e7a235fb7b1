/**
 * Sticker sets, custom emoji, topic icons and supergroups' sticker sets (ADR 0046): Platform's
 * `stickers`.
 */
import { GROUP_CONTEXT_KEYS, type GroupContext } from '../chats/group-context.js';
import { feature } from '../core/feature.js';
import type { Files } from '../files/files.js';
import type { Messages } from '../messages/messages.js';
import { Stickers } from './stickers.js';

export const stickersFeature = feature(
  'stickers',
  [...GROUP_CONTEXT_KEYS, 'files'],
  (p: GroupContext<Messages> & { files: Files }) => new Stickers(p, p.files),
);
