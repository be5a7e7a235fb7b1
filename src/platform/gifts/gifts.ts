/**
 * Gifts (ADR 0050): the catalogue Parley ships (getAvailableGifts), bots sending gifts to people
 * and channels from their Star balance (sendGift), people sending gifts to each other (control
 * API), and Telegram Premium bought for a person (giftPremiumSubscription).
 *
 * Rules:
 * - A sale is one write: the limited stock (in all and per bot), the sender's Stars (with the
 *   ledger row), the owned gift and its `gift` service message commit together or not at all.
 * - A gift a bot sends cannot be converted to Stars (spec sendGift): it has no convert_star_count.
 *   A gift a person sends can (the catalogue's convert_star_count).
 * - Limited gifts cannot be sent to channels; bots receive no gifts.
 */
import type { Gift, Gifts } from '../../wire/bot-api-types.js';
import { PlatformError } from '../core/errors.js';
import { commit, type Effects, type GroupContext } from '../chats/group-context.js';
import type { Messages } from '../messages/messages.js';
import { checkBotCanSend } from '../chats/chat-access.js';
import { codePointLength, type MessageEntity } from '../formatting/index.js';
import type { Files } from '../files/files.js';
import type { StarsLedger, StoredPartner } from '../payments/stars-ledger.js';
import { starsToNanos } from '../payments/stars-ledger.js';
import { catalogueGift, GIFT_CATALOGUE, type CatalogueGift } from './gift-catalogue.js';
import { GiftView, type OwnedGiftData } from './gift-view.js';
import { refuse } from './gift-errors.js';
import type { WireMessage } from '../core/wire-types.js';
import type { ChatRow, MessageRow, UserRow } from '../../storage/store.js';
import type { InsertTx, RenderReader } from '../core/store-ports.js';
import type { RelayTx } from '../messages/message-relay.js';
import type { ChatsReader, ChatsWriter } from '../../storage/ports/chats.js';
import type { UsersReader } from '../../storage/ports/users.js';
import type { GiftsWriter } from '../../storage/ports/gifts.js';
import type { BusinessReader } from '../../storage/ports/business.js';
import type { SettingsReader } from '../../storage/ports/settings.js';
import type { FilesReader } from '../../storage/ports/files.js';

export interface GiftsContext extends GroupContext<Messages> {
  stars: StarsLedger;
  files: Files;
}

/** The text shown with a gift or a Premium subscription: 0-128 characters. */
export const MAX_GIFT_TEXT_LENGTH = 128;
/** The entities a gift's text keeps (spec sendGift text_entities). */
const GIFT_ENTITIES = new Set([
  'bold',
  'italic',
  'underline',
  'strikethrough',
  'spoiler',
  'custom_emoji',
  'date_time',
]);
/** Telegram Premium for Stars (spec giftPremiumSubscription): months -> Stars. */
export const PREMIUM_PRICES: Readonly<Record<number, number>> = { 3: 1000, 6: 1500, 12: 2500 };

export interface GiftText {
  text?: string | undefined;
  entities?: MessageEntity[] | undefined;
}

export interface SendGiftOptions extends GiftText {
  payForUpgrade?: boolean;
  isPrivate?: boolean;
}

/** Who receives a gift: a user (by id), or a channel (by its chat id as the sender names it). */
export type GiftTarget = { userId: number } | { chatId: number };

export class GiftSales {
  readonly view: GiftView;

  constructor(private readonly ctx: GiftsContext) {
    this.view = new GiftView(ctx.files);
  }

  /** getAvailableGifts: the catalogue as `botId` sees it (its own remaining counts). */
  async available(botId: number): Promise<Gifts> {
    const { store } = this.ctx.deps;
    const gifts = [];
    for (const gift of GIFT_CATALOGUE) gifts.push(await this.view.gift(gift, store, botId));
    await this.ctx.files.bindFileIds(store, botId, gifts);
    return { gifts };
  }

  /** sendGift: the bot pays the price (and the upgrade with pay_for_upgrade) from its balance. */
  async sendFromBot(
    bot: UserRow,
    target: GiftTarget,
    giftId: string,
    options: SendGiftOptions,
  ): Promise<void> {
    const gift = this.#gift(giftId);
    const text = checkText(options);
    await this.view.sticker(gift);
    await commit(this.ctx, async (tx, effects) => {
      const receiver = await this.#receiver(tx, target, gift);
      const upgrade = options.payForUpgrade && gift.upgrade_star_count ? gift.upgrade_star_count : 0;
      if ('user' in receiver) await this.#accepts(tx, receiver.user.id, gift, upgrade > 0);
      const shown = await this.#giftFor(tx, gift, bot.id);
      const partner: StoredPartner =
        'chat' in receiver
          ? { type: 'chat', chat_id: receiver.chat.id!, gift: shown }
          : { type: 'user', user_id: receiver.user.id, transaction_type: 'gift_purchase', gift: shown };
      const number = await this.#take(tx, gift, bot.id);
      const paid = await this.ctx.stars.debit(tx, {
        ownerId: bot.id,
        id: `gift_${this.ctx.deps.random.token(20)}`,
        nanos: starsToNanos(gift.star_count + upgrade),
        partner,
      });
      if (paid === undefined) throw new PlatformError('BALANCE_TOO_LOW', 'not enough Stars to send the gift');
      const data: OwnedGiftData = { ...text, unique_gift_number: number };
      if (upgrade > 0) data.prepaid_upgrade_star_count = upgrade;
      const chat = 'chat' in receiver ? receiver.chat : await this.#privateChat(tx, bot, receiver.user);
      const owner =
        'chat' in receiver
          ? { kind: 'chat' as const, id: receiver.chat.pk }
          : { kind: 'user' as const, id: receiver.user.id };
      await this.deliver(tx, effects, { chat, sender: bot, owner, gift, data });
    });
  }

  /**
   * A person sends a gift to another person (control API), paying from their Stars; the receiver
   * may keep it or convert it. Answers the service message as the sender sees it.
   */
  async sendFromPerson(
    userRef: string,
    toRef: string,
    giftId: string,
    options: SendGiftOptions,
  ): Promise<WireMessage> {
    const sender = await this.ctx.users.resolve(userRef, 'user');
    const receiver = await this.ctx.users.resolve(toRef);
    const gift = this.#gift(giftId);
    const text = checkText(options);
    if (receiver.is_bot) throw refuse('USER_IS_BOT', 'bots receive no gifts');
    if (receiver.id === sender.id)
      throw refuse('PEER_ID_INVALID', 'a person cannot send a gift to themselves');
    await this.view.sticker(gift);
    const sent = await commit(this.ctx, async (tx, effects) => {
      const upgrade = options.payForUpgrade && gift.upgrade_star_count ? gift.upgrade_star_count : 0;
      await this.#accepts(tx, receiver.id, gift, upgrade > 0);
      const number = await this.#take(tx, gift, sender.id);
      const paid = await this.ctx.stars.debit(tx, {
        ownerId: sender.id,
        id: `gift_${this.ctx.deps.random.token(20)}`,
        nanos: starsToNanos(gift.star_count + upgrade),
        partner: {
          type: 'user',
          user_id: receiver.id,
          transaction_type: 'gift_purchase',
          gift: await this.#giftFor(tx, gift, sender.id),
        },
      });
      if (paid === undefined) throw new PlatformError('BALANCE_TOO_LOW', 'not enough Stars to send the gift');
      const data: OwnedGiftData = {
        ...text,
        convert_star_count: gift.convert_star_count,
        unique_gift_number: number,
      };
      if (options.isPrivate) data.is_private = true;
      if (upgrade > 0) data.prepaid_upgrade_star_count = upgrade;
      const chat = await this.ctx.chats.ensurePrivate(tx, sender, receiver);
      return this.deliver(tx, effects, {
        chat,
        sender,
        owner: { kind: 'user', id: receiver.id },
        gift,
        data,
      });
    });
    const { store } = this.ctx.deps;
    return this.ctx.messages.render(store, sent.chat, sent.row, sender.id);
  }

  /**
   * giftPremiumSubscription: the bot pays 1000, 1500 or 2500 Stars for 3, 6 or 12 months; the
   * person's Premium lasts that much longer (kept as a setting, shown by the control API).
   */
  async giftPremium(
    bot: UserRow,
    userId: number,
    months: number,
    starCount: number,
    text: GiftText,
  ): Promise<void> {
    const price = PREMIUM_PRICES[months];
    if (price === undefined) throw refuse('PREMIUM_GIFT_MONTHS_INVALID', 'month_count must be 3, 6 or 12');
    if (starCount !== price)
      throw refuse('STARS_AMOUNT_INVALID', `star_count must be ${price} for ${months} months`);
    checkText(text);
    await this.ctx.deps.store.write(async (tx) => {
      const user = await tx.getUser(userId);
      if (!user || user.is_bot) throw new PlatformError('USER_NOT_FOUND', 'user not found');
      const paid = await this.ctx.stars.debit(tx, {
        ownerId: bot.id,
        id: `premium_${this.ctx.deps.random.token(20)}`,
        nanos: starsToNanos(price),
        partner: {
          type: 'user',
          user_id: user.id,
          transaction_type: 'premium_purchase',
          premium_subscription_duration: months,
        },
      });
      if (paid === undefined) throw new PlatformError('BALANCE_TOO_LOW', 'not enough Stars to gift Premium');
      const key = premiumSetting(user.id);
      const now = this.ctx.deps.clock.now();
      const until = Math.max(now, Number((await tx.getSetting(key)) ?? 0));
      await tx.setSetting(key, String(addMonths(until, months)));
    });
  }

  /** When the person's Premium (gifted on Parley) ends, if it has not yet. */
  async premiumUntil(userId: number): Promise<number | undefined> {
    const until = Number((await this.ctx.deps.store.getSetting(premiumSetting(userId))) ?? 0);
    return until > this.ctx.deps.clock.now() ? until : undefined;
  }

  /**
   * Stores an owned gift and its `gift` service message in `chat` from `sender`, inside the caller's
   * write; business bots of the people of the chat get it (with owned_gift_id for the owner's).
   */
  async deliver(
    tx: GiftsWriter & InsertTx & RelayTx & RenderReader,
    effects: Effects,
    given: {
      chat: ChatRow;
      sender: UserRow;
      owner: { kind: 'user' | 'chat'; id: number };
      gift: CatalogueGift;
      data: OwnedGiftData;
    },
  ): Promise<{ chat: ChatRow; row: MessageRow }> {
    const { chat, sender, owner, gift, data } = given;
    // Never a leading "-": the id is typed after an option (`parley gifts convert --gift ID`).
    const ownedId = this.ctx.deps.random.token(24).replace(/^-/, 'A');
    const upgradable = gift.upgrade_star_count !== undefined;
    const info = this.view.info(await this.view.gift(gift), data, upgradable);
    const row = await this.ctx.messages.insertServiceMessage(tx, chat, sender.id, { gift: info });
    await tx.insertOwnedGift({
      id: ownedId,
      owner_kind: owner.kind,
      owner_id: owner.id,
      gift_id: gift.id,
      kind: 'regular',
      sender_id: sender.id,
      send_date: row.date,
      star_count: gift.star_count,
      status: 'owned',
      data: JSON.stringify({ ...data, chat_pk: chat.pk, message_id: row.message_id }),
    });
    await this.relay(tx, effects, chat, row, owner.kind === 'user' ? owner.id : undefined, ownedId);
    effects.messages.push({ chat, row });
    return { chat, row };
  }

  /** business_message of a gift service message, owned_gift_id shown to the owner's bot. */
  async relay(
    tx: RelayTx & RenderReader,
    effects: Effects,
    chat: ChatRow,
    row: MessageRow,
    ownerId: number | undefined,
    ownedId: string,
  ): Promise<void> {
    const business = this.ctx.messages.business;
    if (!business) return;
    const bots = await business.relay(tx, chat, row, 'business_message', async (viewerId) => {
      const message = await this.ctx.messages.render(tx, chat, row, viewerId);
      const info = (message.gift ?? message.unique_gift) as Record<string, unknown> | undefined;
      if (info && viewerId === ownerId) withOwnedGiftId(info, ownedId);
      return message;
    });
    for (const botId of bots) effects.bots.add(botId);
  }

  /** The Gift as a ledger row keeps it: with the payer's file_ids (rows are not bound when read). */
  async #giftFor(tx: FilesReader & SettingsReader, gift: CatalogueGift, viewerId: number): Promise<Gift> {
    const wire = await this.view.gift(gift);
    await this.ctx.files.bindFileIds(tx, viewerId, wire);
    return wire;
  }

  #gift(giftId: string): CatalogueGift {
    const gift = catalogueGift(giftId);
    if (!gift) throw refuse('STARGIFT_INVALID', `no gift ${giftId}`);
    return gift;
  }

  /**
   * The receiver's accepted_gift_types (setBusinessAccountGiftSettings, ADR 0049): a kind of gift
   * they turned off is refused.
   */
  async #accepts(
    tx: BusinessReader,
    receiverId: number,
    gift: CatalogueGift,
    prepaidUpgrade: boolean,
  ): Promise<void> {
    const settings = (await tx.getBusinessProfile(receiverId))?.gift_settings;
    if (!settings) return;
    const accepted = (JSON.parse(settings) as { accepted_gift_types?: Record<string, boolean> })
      .accepted_gift_types;
    const kind = prepaidUpgrade
      ? 'unique_gifts'
      : gift.total_count === undefined
        ? 'unlimited_gifts'
        : 'limited_gifts';
    if (accepted?.[kind] === false)
      throw refuse('USER_DISALLOWED_STARGIFTS', 'the receiver does not accept such gifts');
  }

  /** Counts the sale: in all (the unique number reserved), and per buyer for limited gifts. */
  async #take(tx: GiftsWriter, gift: CatalogueGift, buyerId: number): Promise<number> {
    const number = await tx.takeGiftStock(gift.id, 0, gift.total_count ?? null);
    if (number === undefined) throw refuse('STARGIFT_USAGE_LIMITED', 'the gift is sold out');
    if (gift.personal_total_count !== undefined) {
      const mine = await tx.takeGiftStock(gift.id, buyerId, gift.personal_total_count);
      if (mine === undefined)
        throw refuse('STARGIFT_USAGE_LIMITED', 'the sender bought all it may of this gift');
    }
    return number;
  }

  async #receiver(
    tx: ChatsReader & UsersReader,
    target: GiftTarget,
    gift: CatalogueGift,
  ): Promise<{ user: UserRow } | { chat: ChatRow }> {
    if ('userId' in target) {
      const user = await tx.getUser(target.userId);
      if (!user) throw new PlatformError('USER_NOT_FOUND', 'user not found');
      if (user.is_bot) throw refuse('USER_IS_BOT', 'bots receive no gifts');
      return { user };
    }
    const chat = await tx.getChatById(target.chatId);
    if (!chat) throw new PlatformError('CHAT_NOT_FOUND', 'chat not found');
    if (chat.type !== 'channel')
      throw new PlatformError('PEER_ID_INVALID', 'gifts are sent to users and channels');
    if (gift.total_count !== undefined) {
      throw refuse("limited gifts can't be sent to channel chats");
    }
    return { chat };
  }

  /** The bot's private chat with the person (made when there is none), unless the person blocked it. */
  async #privateChat(tx: ChatsReader & ChatsWriter, bot: UserRow, user: UserRow): Promise<ChatRow> {
    const chat = await this.ctx.chats.ensurePrivate(tx, bot, user);
    await checkBotCanSend(tx, chat, bot, this.ctx.deps.clock.now(), {});
    return chat;
  }
}

export function premiumSetting(userId: number): string {
  return `user:${userId}:premium_until`;
}

/** Adds owned_gift_id after `gift` (reference key order). */
export function withOwnedGiftId(info: Record<string, unknown>, ownedId: string): void {
  const { gift, ...rest } = info;
  for (const key of Object.keys(info)) delete info[key];
  Object.assign(info, { gift, owned_gift_id: ownedId, ...rest });
}

/** A month of 30 days of virtual time. */
function addMonths(from: number, months: number): number {
  return from + months * 30 * 24 * 60 * 60;
}

function checkText(given: GiftText): { text?: string; entities?: MessageEntity[] } {
  if (given.text === undefined || given.text === '') return {};
  if (codePointLength(given.text) > MAX_GIFT_TEXT_LENGTH) {
    throw refuse('STARGIFT_MESSAGE_TOO_LONG', `the text is longer than ${MAX_GIFT_TEXT_LENGTH} characters`);
  }
  const entities = (given.entities ?? []).filter((entity) => GIFT_ENTITIES.has(entity.type));
  return entities.length > 0 ? { text: given.text, entities } : { text: given.text };
}
