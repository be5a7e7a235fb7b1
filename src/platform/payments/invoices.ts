/**
 * Invoices: a bot sends one as a message (sendInvoice) or makes a link to one (createInvoiceLink);
 * a person finds the invoice they are paying by its message or its link. The invoice row keeps
 * the whole invoice (prices, provider token, needs); the message shows the spec's Invoice object
 * and names the row by a hidden `_invoice_id`.
 */
import { PlatformError } from '../core/errors.js';
import type { WireMessage } from '../core/wire-types.js';
import type { GroupContext } from '../chats/group-context.js';
import type { Messages } from '../messages/messages.js';
import type { StarsLedger } from './stars-ledger.js';
import { checkInvoice, renderInvoice, type InvoiceSpec } from './invoice-rules.js';
import type { InvoiceRow, MessageRow, UserRow } from '../../storage/store.js';
import type { MessageContent } from '../core/wire-types.js';

/** What the payment parts share: the group context's parts plus the Stars ledger. */
export interface PaymentsContext extends GroupContext<Messages> {
  stars: StarsLedger;
}

/** Invoice links look like `https://parley.invalid/$<id>` (the platform's are `t.me/$<slug>`). */
export const INVOICE_LINK_BASE = 'https://parley.invalid/$';

/** An invoice found for a person: its row, its spec and, for an invoice message, the message. */
export interface FoundInvoice {
  row: InvoiceRow;
  spec: InvoiceSpec;
  bot: UserRow;
  message?: { chatPk: number; messageId: number };
}

export class Invoices {
  constructor(private readonly ctx: PaymentsContext) {}

  /**
   * sendInvoice: the invoice message and its row in one write. An inline keyboard must start with
   * a pay button (spec reply_markup); without one the client shows "Pay".
   */
  async send(
    bot: UserRow,
    chatId: number,
    spec: InvoiceSpec,
    content: MessageContent,
    replyTo?: { messageId: number; allowWithout: boolean },
  ): Promise<WireMessage> {
    const checked = checkInvoice(spec);
    if (checked.subscription_period !== undefined) {
      throw new PlatformError('INVOICE_INVALID', 'subscriptions are made with invoice links', {
        reason: 'SUBSCRIPTION_PERIOD_INVALID',
      });
    }
    const markup = content.reply_markup as { inline_keyboard?: Array<Array<{ pay?: boolean }>> } | undefined;
    if (markup?.inline_keyboard !== undefined && markup.inline_keyboard[0]?.[0]?.pay !== true) {
      throw new PlatformError('INVOICE_INVALID', 'the first button must be a pay button', {
        reason: 'REPLY_MARKUP_BUY_EMPTY',
      });
    }
    const id = this.ctx.deps.random.token(24);
    const now = this.ctx.deps.clock.now();
    return this.ctx.messages.sendFromBot(
      bot,
      chatId,
      { invoice: renderInvoice(checked), ...content, _invoice_id: id },
      replyTo,
      async (tx, chat, row: MessageRow) =>
        tx.insertInvoice({
          id,
          bot_id: bot.id,
          data: JSON.stringify(checked),
          chat_pk: chat.pk,
          message_id: row.message_id,
          created_at: now,
        }),
    );
  }

  /** createInvoiceLink: the invoice row and its link. */
  async createLink(botId: number, spec: InvoiceSpec): Promise<string> {
    const checked = checkInvoice(spec);
    const id = this.ctx.deps.random.token(24);
    const now = this.ctx.deps.clock.now();
    await this.ctx.deps.store.write(async (tx) =>
      tx.insertInvoice({
        id,
        bot_id: botId,
        data: JSON.stringify(checked),
        chat_pk: null,
        message_id: null,
        created_at: now,
      }),
    );
    return `${INVOICE_LINK_BASE}${id}`;
  }

  /** The invoice of a message the person sees (`chatRef` as the person names the chat). */
  async ofMessage(user: UserRow, chatRef: string, messageId: number): Promise<FoundInvoice> {
    const { store } = this.ctx.deps;
    const chat = await this.ctx.messages.chatForUser(store, user, chatRef, false);
    if (!chat) throw new PlatformError('CHAT_NOT_FOUND', `no chat "${chatRef}"`);
    const message = await store.getMessage(chat.pk, messageId);
    if (!message) throw new PlatformError('MESSAGE_NOT_FOUND', `no message ${messageId} in that chat`);
    const row = await store.getInvoiceByMessage(chat.pk, messageId);
    if (!row) throw new PlatformError('INVOICE_NOT_FOUND', `message ${messageId} is not an invoice`);
    return { ...(await this.#found(row)), message: { chatPk: chat.pk, messageId } };
  }

  /** The invoice of a link (the whole link, or its `$<id>` part). */
  async ofLink(link: string): Promise<FoundInvoice> {
    const id = /\$([A-Za-z0-9_-]+)$/.exec(link.trim())?.[1];
    const row = id ? await this.ctx.deps.store.getInvoice(id) : undefined;
    if (!row || row.chat_pk !== null)
      throw new PlatformError('INVOICE_NOT_FOUND', `no invoice link "${link}"`);
    return this.#found(row);
  }

  async #found(row: InvoiceRow): Promise<FoundInvoice> {
    const bot = await this.ctx.deps.store.getUser(row.bot_id);
    if (!bot) throw new PlatformError('INVOICE_NOT_FOUND', 'the bot of the invoice is gone');
    return { row, spec: JSON.parse(row.data) as InvoiceSpec, bot };
  }
}
