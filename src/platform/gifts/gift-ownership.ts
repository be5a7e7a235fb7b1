/**
 * What the owner of a gift does with it (ADR 0050): convert a regular gift to Stars, upgrade it to
 * a unique gift, transfer a unique gift. A person does it through the control API; the bot of a
 * business account through convertGiftToStars, upgradeGift and transferGift, with the rights of
 * its connection (platform/business/usable-connection.ts, ADR 0049). Each is one write: the gift's
 * row, the Stars (with their ledger rows) and the `unique_gift` service message together.
 */
import type { UniqueGift } from '../../wire/bot-api-types.js';
import { PlatformError } from '../core/errors.js';
import { commit, type Effects } from '../chats/group-context.js';
import { usableConnection } from '../business/usable-connection.js';
import { parseRights } from '../business/business-rights.js';
import { starAmount, starsToNanos, type StarAmount } from '../payments/stars-ledger.js';
import { catalogueGift, UNIQUE_BACKDROPS, UNIQUE_MODELS, UNIQUE_SYMBOLS } from './gift-catalogue.js';
import { refuse } from './gift-errors.js';
import type { GiftSales, GiftsContext } from './gifts.js';
import type { OwnedGiftData } from './gift-view.js';
import type { ChatRow, OwnedGiftRow, UserRow } from '../../storage/store.js';
import type { InsertTx, RenderReader } from '../core/store-ports.js';
import type { RelayTx } from '../messages/message-relay.js';
import type { UsersReader } from '../../storage/ports/users.js';
import type { ChatsReader, ChatsWriter } from '../../storage/ports/chats.js';
import type { StarsReader, StarsWriter } from '../../storage/ports/stars.js';
import type { GiftsReader } from '../../storage/ports/gifts.js';

/** The Stars a unique gift's transfer costs its owner (paid to the platform). */
export const TRANSFER_STAR_COUNT = 25;

export interface UpgradeOptions {
  keepOriginalDetails: boolean;
  /** Stars paid for the upgrade: 0 (or none) when prepaid, else the gift's upgrade_star_count. */
  starCount?: number | undefined;
}

export class GiftOwnership {
  constructor(
    private readonly ctx: GiftsContext,
    private readonly gifts: GiftSales,
  ) {}

  /** A regular gift sent by a person becomes its convert_star_count Stars. Answers the balance. */
  async convert(ownerId: number, ownedId: string): Promise<StarAmount> {
    const balance = await this.ctx.deps.store.write(async (tx) => {
      const row = await this.#owned(tx, ownerId, ownedId);
      const data = JSON.parse(row.data) as OwnedGiftData;
      if (row.kind !== 'regular' || data.convert_star_count === undefined) {
        throw refuse('STARGIFT_CONVERT_UNAVAILABLE', 'this gift cannot be converted to Stars');
      }
      await tx.updateOwnedGift(row.id, { status: 'converted' });
      return this.ctx.stars.credit(tx, {
        ownerId,
        id: `convert_${row.id}`,
        nanos: starsToNanos(data.convert_star_count),
        partner: { type: 'other' },
      });
    });
    return starAmount(balance);
  }

  /** A regular gift becomes a unique one (its reserved number, a random model, symbol, backdrop). */
  async upgrade(ownerId: number, ownedId: string, options: UpgradeOptions, mayPay = true): Promise<void> {
    const found = await this.ctx.deps.store.getOwnedGift(ownedId);
    const kind = found && catalogueGift(found.gift_id);
    if (kind) await this.gifts.view.prepareUnique(kind);
    await commit(this.ctx, async (tx, effects) => {
      const row = await this.#owned(tx, ownerId, ownedId);
      const gift = catalogueGift(row.gift_id);
      if (row.kind !== 'regular' || !gift?.upgrade_star_count) {
        throw refuse('STARGIFT_UPGRADE_UNAVAILABLE', 'this gift cannot be upgraded');
      }
      const data = JSON.parse(row.data) as OwnedGiftData;
      const price = data.prepaid_upgrade_star_count ? 0 : gift.upgrade_star_count;
      if ((options.starCount ?? 0) !== price) {
        throw refuse('STARS_AMOUNT_INVALID', `star_count must be ${price} for this upgrade`);
      }
      if (price > 0) {
        if (!mayPay)
          throw new PlatformError('BOT_ACCESS_FORBIDDEN', 'the business bot lacks can_transfer_stars');
        await this.#pay(tx, ownerId, `upgrade_${row.id}`, price);
      }
      const number = data.unique_gift_number ?? (await tx.takeGiftStock(gift.id, 0, null))!;
      const variants = UNIQUE_MODELS.length * UNIQUE_SYMBOLS.length * UNIQUE_BACKDROPS.length;
      const unique = await this.gifts.view.unique(gift, number, this.ctx.deps.random.int(0, variants - 1));
      const kept: OwnedGiftData = options.keepOriginalDetails
        ? { ...data, unique }
        : { unique_gift_number: number, unique, ...placeOf(data) };
      await tx.updateOwnedGift(row.id, {
        kind: 'unique',
        data: JSON.stringify(kept),
        ...(options.keepOriginalDetails ? {} : { sender_id: null }),
      });
      const chat = data.chat_pk === undefined ? undefined : await tx.getChat(data.chat_pk);
      if (chat) await this.#post(tx, effects, chat, ownerId, ownerId, row.id, unique, 'upgrade');
    });
  }

  /** A unique gift gets a new owner: a person (positive id) or a channel. */
  async transfer(
    ownerId: number,
    ownedId: string,
    newOwnerChatId: number,
    starCount: number,
    mayPay = true,
  ): Promise<void> {
    await commit(this.ctx, async (tx, effects) => {
      const row = await this.#owned(tx, ownerId, ownedId);
      if (row.kind !== 'unique') throw refuse('STARGIFT_NOT_UNIQUE', 'only unique gifts can be transferred');
      if (starCount !== TRANSFER_STAR_COUNT) {
        throw refuse('STARS_AMOUNT_INVALID', `star_count must be ${TRANSFER_STAR_COUNT} for a transfer`);
      }
      if (!mayPay)
        throw new PlatformError('BOT_ACCESS_FORBIDDEN', 'the business bot lacks can_transfer_stars');
      const owner = (await tx.getUser(ownerId))!;
      const target = await this.#newOwner(tx, owner, newOwnerChatId);
      await this.#pay(
        tx,
        ownerId,
        `transfer_${row.id}_${this.ctx.deps.random.token(8)}`,
        TRANSFER_STAR_COUNT,
      );
      const data = JSON.parse(row.data) as OwnedGiftData;
      const moved = { ...data, chat_pk: target.chat.pk };
      await tx.updateOwnedGift(row.id, {
        owner_kind: target.kind,
        owner_id: target.kind === 'user' ? target.userId : target.chat.pk,
        sender_id: ownerId,
        send_date: this.ctx.deps.clock.now(),
        data: JSON.stringify(moved),
      });
      const newOwnerId = target.kind === 'user' ? target.userId : undefined;
      await this.#post(tx, effects, target.chat, ownerId, newOwnerId, row.id, data.unique!, 'transfer');
    });
  }

  /** convertGiftToStars (can_convert_gifts_to_stars). */
  async convertForBusiness(botId: number, connectionId: string, ownedId: string): Promise<void> {
    const connection = await usableConnection(
      this.ctx.deps.store,
      botId,
      connectionId,
      'can_convert_gifts_to_stars',
    );
    await this.convert(connection.user_id, ownedId);
  }

  /** upgradeGift (can_transfer_and_upgrade_gifts; can_transfer_stars when it is paid). */
  async upgradeForBusiness(
    botId: number,
    connectionId: string,
    ownedId: string,
    options: UpgradeOptions,
  ): Promise<void> {
    const connection = await usableConnection(
      this.ctx.deps.store,
      botId,
      connectionId,
      'can_transfer_and_upgrade_gifts',
    );
    const mayPay = parseRights(connection.rights).can_transfer_stars === true;
    await this.upgrade(connection.user_id, ownedId, options, mayPay);
  }

  /** transferGift (can_transfer_and_upgrade_gifts; can_transfer_stars for the fee). */
  async transferForBusiness(
    botId: number,
    connectionId: string,
    ownedId: string,
    newOwnerChatId: number,
    starCount: number,
  ): Promise<void> {
    const connection = await usableConnection(
      this.ctx.deps.store,
      botId,
      connectionId,
      'can_transfer_and_upgrade_gifts',
    );
    const mayPay = parseRights(connection.rights).can_transfer_stars === true;
    await this.transfer(connection.user_id, ownedId, newOwnerChatId, starCount, mayPay);
  }

  async #owned(tx: GiftsReader, ownerId: number, ownedId: string): Promise<OwnedGiftRow> {
    const row = await tx.getOwnedGift(ownedId);
    if (!row || row.status !== 'owned' || row.owner_kind !== 'user' || row.owner_id !== ownerId) {
      throw refuse('STARGIFT_NOT_FOUND', `no gift ${ownedId} of this owner`);
    }
    return row;
  }

  /** The owner pays the platform (BALANCE_TOO_LOW when short). */
  async #pay(tx: StarsReader & StarsWriter, ownerId: number, id: string, stars: number): Promise<void> {
    const left = await this.ctx.stars.debit(tx, {
      ownerId,
      id,
      nanos: starsToNanos(stars),
      partner: { type: 'other' },
    });
    if (left === undefined) throw new PlatformError('BALANCE_TOO_LOW', 'not enough Stars');
  }

  async #newOwner(
    tx: ChatsReader & ChatsWriter & UsersReader,
    owner: UserRow,
    chatId: number,
  ): Promise<{ kind: 'user'; userId: number; chat: ChatRow } | { kind: 'chat'; chat: ChatRow }> {
    if (chatId > 0) {
      const user = await tx.getUser(chatId);
      if (!user) throw new PlatformError('USER_NOT_FOUND', 'user not found');
      if (user.is_bot) throw refuse('USER_IS_BOT', 'bots receive no gifts');
      if (user.id === owner.id) throw refuse('PEER_ID_INVALID', 'the gift is this owner’s already');
      return { kind: 'user', userId: user.id, chat: await this.ctx.chats.ensurePrivate(tx, owner, user) };
    }
    const chat = await tx.getChatById(chatId);
    if (!chat) throw new PlatformError('CHAT_NOT_FOUND', 'chat not found');
    if (chat.type !== 'channel') throw new PlatformError('PEER_ID_INVALID', 'gifts go to users and channels');
    return { kind: 'chat', chat };
  }

  /** The `unique_gift` service message (UniqueGiftInfo) from `senderId`. */
  async #post(
    tx: InsertTx & RelayTx & RenderReader,
    effects: Effects,
    chat: ChatRow,
    senderId: number,
    ownerId: number | undefined,
    ownedId: string,
    unique: UniqueGift,
    origin: 'upgrade' | 'transfer',
  ): Promise<void> {
    const content = { unique_gift: { gift: unique, origin } };
    const row = await this.ctx.messages.insertServiceMessage(tx, chat, senderId, content);
    await this.gifts.relay(tx, effects, chat, row, ownerId, ownedId);
    effects.messages.push({ chat, row });
  }
}

/** Where the gift's service message is (kept when the details are not). */
function placeOf(data: OwnedGiftData): Pick<OwnedGiftData, 'chat_pk' | 'message_id'> {
  return { chat_pk: data.chat_pk, message_id: data.message_id };
}
