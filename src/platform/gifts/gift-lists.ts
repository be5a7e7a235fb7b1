/**
 * Lists of owned gifts (spec OwnedGifts): getUserGifts, getChatGifts, the control API's view of a
 * person's gifts, and (through the business helper's connection) a business account's. Filters and
 * sorting come before pagination; `offset` is the position in the filtered list as a string.
 */
import type { OwnedGift } from '../../wire/bot-api-types.js';
import { PlatformError } from '../core/errors.js';
import { hasRight, memberState } from '../chats/chat-rights.js';
import { catalogueGift } from './gift-catalogue.js';
import { TRANSFER_STAR_COUNT } from './gift-ownership.js';
import type { GiftsContext } from './gifts.js';
import type { GiftView } from './gift-view.js';
import type { GiftOwnerKind, OwnedGiftRow } from '../../storage/store.js';
import type { GiftsReader } from '../../storage/ports/gifts.js';
import type { UsersReader } from '../../storage/ports/users.js';
import type { SettingsReader } from '../../storage/ports/settings.js';
import type { FilesReader } from '../../storage/ports/files.js';

export interface GiftListFilter {
  exclude_unsaved?: boolean;
  exclude_saved?: boolean;
  exclude_unlimited?: boolean;
  exclude_limited_upgradable?: boolean;
  exclude_limited_non_upgradable?: boolean;
  exclude_from_blockchain?: boolean;
  exclude_unique?: boolean;
  sort_by_price?: boolean;
  offset?: string;
  /** 1-100 (default 100). */
  limit?: number;
}

export interface OwnedGiftsList {
  total_count: number;
  gifts: OwnedGift[];
  next_offset?: string;
}

export class GiftLists {
  constructor(
    private readonly ctx: GiftsContext,
    private readonly view: GiftView,
  ) {}

  /** getUserGifts: the gifts a person owns as a bot sees them. */
  async ofUser(botId: number, userId: number, filter: GiftListFilter): Promise<OwnedGiftsList> {
    const { store } = this.ctx.deps;
    const user = await store.getUser(userId);
    if (!user) throw new PlatformError('USER_NOT_FOUND', 'user not found');
    return this.list(store, botId, 'user', user.id, filter, false);
  }

  /**
   * getChatGifts: a channel's gifts. Every gift of a channel is saved to its profile; a bot without
   * can_post_messages sees the saved ones only, as the spec says (so all of them).
   */
  async ofChat(botId: number, chatId: number, filter: GiftListFilter): Promise<OwnedGiftsList> {
    const { store, clock } = this.ctx.deps;
    const chat = await store.getChatById(chatId);
    if (!chat) throw new PlatformError('CHAT_NOT_FOUND', 'chat not found');
    const member = await store.getMember(chat.pk, botId);
    const admin = member !== undefined && hasRight(memberState(member, clock.now()), 'can_post_messages');
    const effective = admin ? filter : { ...filter, exclude_unsaved: true, exclude_saved: false };
    return this.list(store, botId, 'chat', chat.pk, effective, false);
  }

  /**
   * An owner's gifts as `viewerId` sees them; `full` (the owner, or the bot of their business
   * account) shows owned_gift_id and what only the owner may know.
   */
  async list(
    reader: FilesReader & GiftsReader & SettingsReader & UsersReader,
    viewerId: number,
    ownerKind: GiftOwnerKind,
    ownerId: number,
    filter: GiftListFilter,
    full: boolean,
  ): Promise<OwnedGiftsList> {
    const limit = filter.limit ?? 100;
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
      throw new PlatformError('GIFT_INVALID', 'limit must be 1-100', { reason: 'LIMIT_INVALID' });
    }
    const start = filter.offset === undefined || filter.offset === '' ? 0 : Number(filter.offset);
    if (!Number.isSafeInteger(start) || start < 0) {
      throw new PlatformError('GIFT_INVALID', 'invalid offset', { reason: 'OFFSET_INVALID' });
    }
    const rows = (await reader.listOwnedGifts(ownerKind, ownerId)).filter((row) => keeps(row, filter));
    if (filter.sort_by_price) rows.sort((a, b) => b.star_count - a.star_count);
    const page = rows.slice(start, start + limit);
    const gifts = [];
    for (const row of page) {
      const gift = catalogueGift(row.gift_id);
      if (gift) gifts.push(await this.view.owned(reader, row, gift, full, TRANSFER_STAR_COUNT));
    }
    await this.ctx.files.bindFileIds(reader, viewerId, gifts);
    const list: OwnedGiftsList = { total_count: rows.length, gifts };
    if (start + limit < rows.length) list.next_offset = String(start + limit);
    return list;
  }
}

/** Whether a row passes the filter (every gift is saved; none comes from the blockchain). */
function keeps(row: OwnedGiftRow, filter: GiftListFilter): boolean {
  if (filter.exclude_saved) return false;
  if (row.kind === 'unique') return !filter.exclude_unique;
  const gift = catalogueGift(row.gift_id);
  if (!gift) return false;
  if (gift.total_count === undefined) return !filter.exclude_unlimited;
  if (gift.upgrade_star_count !== undefined) return !filter.exclude_limited_upgradable;
  return !filter.exclude_limited_non_upgradable;
}
