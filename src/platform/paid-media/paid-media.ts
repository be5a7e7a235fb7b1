/**
 * Paid media (sendPaidMedia; ADR 0050): a message whose photos, videos and live photos a person
 * sees as previews (PaidMediaPreview: width, height, duration) until they pay its price in Stars.
 *
 * Rules:
 * - The message's body keeps the full media (PaidMediaInfo) and the bot's payload (hidden);
 *   `view` replaces the media by previews for every viewer but the sender and those who bought it.
 * - A purchase is one write: the purchase row (one per person and message), the Stars from the
 *   person to the bot (or, in a channel, to the channel's balance) with both ledger rows, and the
 *   bot's `purchased_paid_media` update (a non-empty payload in a non-channel chat, as the spec says).
 * - A person who bought the media, or whose Stars do not cover it, is refused; nothing changes.
 */
import { PlatformError } from '../core/errors.js';
import { commit } from '../chats/group-context.js';
import { renderUser } from '../users/users.js';
import { starsToNanos, type StoredPartner } from '../payments/stars-ledger.js';
import type { PaymentsContext } from '../payments/invoices.js';
import type { Files } from '../files/files.js';
import type { MessageContent, WireMessage } from '../core/wire-types.js';
import type { PaidMedia as WirePaidMediaItem } from '../../wire/bot-api-types.js';
import { UniqueViolation, type ChatRow, type MessageRow, type UserRow } from '../../storage/store.js';
import type { PaidMediaReader } from '../../storage/ports/paid-media.js';

/** Stars a paid media message may cost (spec sendPaidMedia star_count). */
export const MIN_PAID_MEDIA_STARS = 1;
export const MAX_PAID_MEDIA_STARS = 25_000;
/** Items of one paid media message. */
export const MAX_PAID_MEDIA_ITEMS = 10;
/** The payload's bytes. */
export const MAX_PAID_MEDIA_PAYLOAD = 128;

export type WirePaidMedia = Record<string, unknown> & { type: 'photo' | 'video' | 'live_photo' };

export interface PaidMediaPurchase {
  status: 'paid';
  /** The paid media message as the person sees it now (its full media). */
  message: WireMessage;
}

const refuse = (reason: string, message: string) =>
  new PlatformError('PAID_MEDIA_INVALID', message, { reason });

export class PaidMedia {
  constructor(private readonly ctx: PaymentsContext & { files: Files }) {}

  /**
   * sendPaidMedia: `items` are the full PaidMedia objects (files stored already); `content` the
   * caption and send options. Answers the message as the bot sees it.
   */
  async send(
    bot: UserRow,
    chatId: number,
    starCount: number,
    items: WirePaidMedia[],
    payload: string,
    content: MessageContent,
    replyTo?: { messageId: number; allowWithout: boolean },
  ): Promise<WireMessage> {
    if (
      !Number.isInteger(starCount) ||
      starCount < MIN_PAID_MEDIA_STARS ||
      starCount > MAX_PAID_MEDIA_STARS
    ) {
      throw refuse(
        'STARS_AMOUNT_INVALID',
        `star_count must be ${MIN_PAID_MEDIA_STARS}-${MAX_PAID_MEDIA_STARS}`,
      );
    }
    if (items.length === 0) throw refuse('MEDIA_EMPTY', 'no media');
    if (items.length > MAX_PAID_MEDIA_ITEMS) throw refuse('MULTI_MEDIA_TOO_LONG', 'more than 10 media');
    if (Buffer.byteLength(payload) > MAX_PAID_MEDIA_PAYLOAD)
      throw refuse('PAYLOAD_TOO_LONG', 'payload is over 128 bytes');
    return this.ctx.messages.sendFromBot(
      bot,
      chatId,
      { paid_media: { star_count: starCount, paid_media: items }, ...content, _paid_media_payload: payload },
      replyTo,
    );
  }

  /** Messages.render's hook: previews for whoever has not paid (not the sender). */
  async view(
    reader: PaidMediaReader,
    chat: ChatRow,
    row: MessageRow,
    viewerId: number,
    message: WireMessage,
  ): Promise<void> {
    if (row.sender_id === viewerId) return;
    if (await reader.getPaidMediaPurchase(chat.pk, row.message_id, viewerId)) return;
    const info = message.paid_media as { star_count: number; paid_media: WirePaidMedia[] };
    message.paid_media = { star_count: info.star_count, paid_media: info.paid_media.map(previewOf) };
  }

  /** Whether the message a person names holds paid media (`parley pay` buys it then). */
  async isPaidMedia(userRef: string, chatRef: string, messageId: number): Promise<boolean> {
    const { store } = this.ctx.deps;
    const user = await this.ctx.users.resolve(userRef, 'user');
    const chat = await this.ctx.messages.chatForUser(store, user, chatRef, false).catch(() => undefined);
    const row = chat ? await store.getMessage(chat.pk, messageId) : undefined;
    return row !== undefined && (JSON.parse(row.body) as MessageContent).paid_media !== undefined;
  }

  /**
   * `parley pay` on paid media: the purchase, with a balance that does not cover it answered as a
   * failed payment (as for a Stars invoice) rather than an error.
   */
  async pay(
    userRef: string,
    chatRef: string,
    messageId: number,
  ): Promise<PaidMediaPurchase | { status: 'failed'; error_message: string }> {
    try {
      return await this.buy(userRef, chatRef, messageId);
    } catch (error) {
      if (error instanceof PlatformError && error.code === 'BALANCE_TOO_LOW') {
        return { status: 'failed', error_message: 'BALANCE_TOO_LOW: not enough Stars to buy the media' };
      }
      throw error;
    }
  }

  /**
   * A person buys the paid media of a message they see (control API): Stars to the bot (or the
   * channel), the bot's purchased_paid_media. Answers the message with its full media.
   */
  async buy(userRef: string, chatRef: string, messageId: number): Promise<PaidMediaPurchase> {
    const { store, clock, random } = this.ctx.deps;
    const user = await this.ctx.users.resolve(userRef, 'user');
    const chat = await this.ctx.messages.chatForUser(store, user, chatRef, false);
    if (!chat) throw new PlatformError('CHAT_NOT_FOUND', `no chat "${chatRef}"`);
    const found = await commit(this.ctx, async (tx, effects) => {
      const row = await tx.getMessage(chat.pk, messageId);
      if (!row) throw new PlatformError('MESSAGE_NOT_FOUND', `no message ${messageId} in that chat`);
      const body = JSON.parse(row.body) as MessageContent;
      const info = body.paid_media as { star_count: number; paid_media: WirePaidMedia[] } | undefined;
      if (!info || row.sender_id === null)
        throw refuse('PAID_MEDIA_NOT_FOUND', `message ${messageId} has no paid media`);
      if (row.sender_id === user.id) throw refuse('PAID_MEDIA_OWN', 'the sender sees its own media');
      const payload = typeof body._paid_media_payload === 'string' ? body._paid_media_payload : '';
      const chargeId = `paid_media_${random.token(20)}`;
      const now = clock.now();
      try {
        await tx.insertPaidMediaPurchase({
          chat_pk: chat.pk,
          message_id: row.message_id,
          user_id: user.id,
          charge_id: chargeId,
          star_count: info.star_count,
          date: now,
        });
      } catch (error) {
        if (error instanceof UniqueViolation) throw refuse('PAID_MEDIA_ALREADY_PURCHASED', 'bought already');
        throw error;
      }
      const botId = row.sender_id;
      const payment = {
        transaction_type: 'paid_media_payment',
        // The message's items are the full PaidMedia its bot sent (send's `items`), stored as records.
        paid_media: info.paid_media as unknown as WirePaidMediaItem[],
        ...(payload !== '' ? { paid_media_payload: payload } : {}),
      };
      const channel = chat.type === 'channel';
      const toPartner: StoredPartner = { type: 'user', user_id: user.id, ...payment };
      // The buyer's row shows the media with the buyer's own file_ids (ADR 0040).
      const theirs = structuredClone(payment);
      await this.ctx.files.bindFileIds(tx, user.id, theirs.paid_media);
      const fromPartner: StoredPartner = channel
        ? { type: 'chat', chat_id: chat.id! }
        : { type: 'user', user_id: botId, ...theirs };
      const moved = await this.ctx.stars.transfer(tx, {
        id: chargeId,
        from: { ownerId: user.id, partner: fromPartner },
        // The spec: a channel's proceeds go to the channel's balance (its chat id), else the bot's.
        to: { ownerId: channel ? chat.id! : botId, partner: toPartner },
        nanos: starsToNanos(info.star_count),
      });
      if (!moved) throw new PlatformError('BALANCE_TOO_LOW', 'not enough Stars to buy the media');
      if (!channel && payload !== '') {
        const queued = await this.ctx.updates.enqueue(tx, botId, {
          type: 'purchased_paid_media',
          payload: { from: renderUser(user), paid_media_payload: payload },
          queueKey: `u${user.id}`,
          date: now,
        });
        if (queued !== null) effects.bots.add(botId);
      }
      return row;
    });
    return { status: 'paid', message: await this.ctx.messages.render(store, chat, found, user.id) };
  }
}

/** PaidMediaPreview of an item: its size and duration as the sender gave them. */
export function previewOf(item: WirePaidMedia): Record<string, unknown> {
  const preview: Record<string, unknown> = { type: 'preview' };
  let media: Record<string, unknown> | undefined;
  if (item.type === 'photo') {
    const sizes = item.photo as Array<Record<string, unknown>>;
    media = sizes[sizes.length - 1];
  } else {
    media = item[item.type] as Record<string, unknown>;
  }
  if (typeof media?.width === 'number' && media.width > 0) preview.width = media.width;
  if (typeof media?.height === 'number' && media.height > 0) preview.height = media.height;
  if (typeof media?.duration === 'number' && media.duration > 0) preview.duration = media.duration;
  return preview;
}
