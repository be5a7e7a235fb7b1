/**
 * Every refusal the platform throws, joined for the surfaces (ADR 0108 and its addendum): the
 * kernel's tables (core/refusals/) and each feature's (`<feature>/refusals.ts`). The kernel types
 * its errors with every code, since each feature adds its table to RefusalTables, but imports no
 * feature; this is the one place that imports every table, and tsc refuses it when a table is
 * missing here or a name is no table's (REFUSAL_TABLES is a RefusalTables). The surfaces (the Bot
 * API's catalogue, the control API, the web person API, the gateway) read REFUSALS.
 */
import { CHAT_REFUSALS } from '../core/refusals/chats.js';
import type { DeclaredRefusals, PlatformErrorCode, Refusal, RefusalTables } from '../core/refusals/index.js';
import { MESSAGE_REFUSALS } from '../core/refusals/messages.js';
import { BOOST_REFUSALS } from '../boosts/refusals.js';
import { BUSINESS_REFUSALS } from '../business/refusals.js';
import { CHECKLIST_REFUSALS } from '../checklists/refusals.js';
import { COMMUNITY_REFUSALS } from '../communities/refusals.js';
import { GAME_REFUSALS } from '../games/refusals.js';
import { GATEWAY_REFUSALS } from '../gateway/refusals.js';
import { GIFT_REFUSALS } from '../gifts/refusals.js';
import { INLINE_REFUSALS } from '../inline/refusals.js';
import { PAID_MEDIA_REFUSALS } from '../paid-media/refusals.js';
import { PASSPORT_REFUSALS } from '../passport/refusals.js';
import { PAYMENT_REFUSALS } from '../payments/refusals.js';
import { PROFILE_REFUSALS } from '../profiles/refusals.js';
import { STICKER_REFUSALS } from '../stickers/refusals.js';
import { STORY_REFUSALS } from '../stories/refusals.js';
import { SUGGESTED_POST_REFUSALS } from '../suggested-posts/refusals.js';
import { TOPIC_REFUSALS } from '../topics/refusals.js';
import { VERIFICATION_REFUSALS } from '../verification/refusals.js';

/** Each area's table by its name, the kernel's first. */
export const REFUSAL_TABLES: RefusalTables = {
  messages: MESSAGE_REFUSALS,
  chats: CHAT_REFUSALS,
  boosts: BOOST_REFUSALS,
  business: BUSINESS_REFUSALS,
  checklists: CHECKLIST_REFUSALS,
  communities: COMMUNITY_REFUSALS,
  games: GAME_REFUSALS,
  gateway: GATEWAY_REFUSALS,
  gifts: GIFT_REFUSALS,
  inline: INLINE_REFUSALS,
  'paid-media': PAID_MEDIA_REFUSALS,
  passport: PASSPORT_REFUSALS,
  payments: PAYMENT_REFUSALS,
  profiles: PROFILE_REFUSALS,
  stickers: STICKER_REFUSALS,
  stories: STORY_REFUSALS,
  'suggested-posts': SUGGESTED_POST_REFUSALS,
  topics: TOPIC_REFUSALS,
  verification: VERIFICATION_REFUSALS,
};

/** The areas of the kernel (core/refusals/): the codes the kernel throws. */
export const KERNEL_AREAS: readonly (keyof RefusalTables)[] = ['messages', 'chats'];

/** Every code with its declaration: the tables joined (no code is in two, core/refusals/index.ts). */
export const REFUSALS = Object.assign({}, ...Object.values(REFUSAL_TABLES)) as DeclaredRefusals;

/** The declaration of a code, as the surfaces read it. */
export function refusalOf(code: PlatformErrorCode): Refusal {
  return REFUSALS[code];
}
