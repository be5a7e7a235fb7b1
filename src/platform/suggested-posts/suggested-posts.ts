/**
 * Suggested posts (approveSuggestedPost, declineSuggestedPost; ADR 0053). A person suggests a post
 * in a channel's direct messages (direct-messages.ts); an administrator bot of the channel approves
 * or declines it. The post's life, one write per step, each reading the row again (a step done by
 * another write, or another process, is not done twice):
 *
 *   pending --decline--> declined                         (suggested_post_declined; nothing charged)
 *   pending --approve, Stars short--> pending             (suggested_post_approval_failed)
 *   pending --approve--> approved/scheduled               (the price leaves the person's balance,
 *                                                          held by Parley; suggested_post_approved)
 *   scheduled --publish_at (clock sweep)--> published     (the channel post, is_paid_post)
 *   published --24 h later (clock sweep)--> paid          (the channel's balance; suggested_post_paid)
 *   published --post deleted within 24 h--> refunded      (back to the person; suggested_post_refunded)
 *
 * An unpaid post is published and done (phase `published`, nothing due). Service messages are from
 * the channel (sender_chat) in the person's topic, and every administrator bot of the chat gets them.
 */
import { chatForBot, commit, type Effects } from '../chats/group-context.js';
import { hasRight, memberState } from '../chats/chat-rights.js';
import { PlatformError } from '../core/errors.js';
import { starAmount, starsToNanos } from '../payments/stars-ledger.js';
import type { MessageContent } from '../core/wire-types.js';
import { DirectMessages, topicOf, type SuggestedPostsContext } from './direct-messages.js';
import { showSuggestedPost } from './suggested-post-view.js';
import { secondsToMs, type TimedJobs } from '../core/timed-jobs.js';
import type { EventListeners } from '../core/event-listeners.js';
import { MAX_DECLINE_COMMENT, PAYOUT_DELAY, publishDate, refundsOnDelete } from './suggested-post-rules.js';
import type { ServiceMessageTx } from '../chats/chat-events.js';
import type { ChatRow, SuggestedPostRow, UserRow } from '../../storage/store.js';
import type { StarsReader, StarsWriter } from '../../storage/ports/stars.js';
import type { MessagesReader, MessagesWriter } from '../../storage/ports/messages.js';
import type { ChatsReader } from '../../storage/ports/chats.js';
import type { SuggestedPostsReader, SuggestedPostsWriter } from '../../storage/ports/suggested-posts.js';
import type { UsersReader } from '../../storage/ports/users.js';

/** Due posts handled in one pass at most (a full pass asks for another at once). */
export const SUGGESTED_POST_BATCH = 100;

const refuse = (reason: string) => new PlatformError('SUGGESTED_POST_INVALID', reason, { reason });

export class SuggestedPosts {
  readonly directMessages: DirectMessages;

  constructor(
    private readonly ctx: SuggestedPostsContext,
    timedJobs: TimedJobs,
    listeners: EventListeners,
  ) {
    this.directMessages = new DirectMessages(ctx);
    // Suggested posts publish at their date and pay out a day later on the virtual clock (ADR 0053).
    timedJobs.register({
      name: 'suggested-posts',
      failure: 'publishing suggested posts failed',
      run: async () => secondsToMs(await this.runDue()),
      next: async () => secondsToMs(await ctx.deps.store.nextSuggestedPostDue()),
    });
    // A paid post deleted within a day of its publication is refunded after the deletion's write.
    listeners.register({
      event: 'message.changed',
      failure: 'refunding a suggested post failed',
      run: ({ chatPk, messageId }) => this.onMessageChanged(chatPk, messageId),
    });
    // suggested_post_* service messages show their suggested post (suggested-post-view.ts).
    ctx.messages.addRenderer((message, content, { renderLinked }) =>
      showSuggestedPost(message, content, renderLinked),
    );
  }

  /**
   * approveSuggestedPost: the bot needs can_post_messages in the channel. Answers 'failed' when the
   * person's Stars do not cover the price (suggested_post_approval_failed; the post stays pending).
   */
  async approve(
    bot: UserRow,
    chatId: number,
    messageId: number,
    sendDate?: number,
  ): Promise<'approved' | 'failed'> {
    const { deps } = this.ctx;
    return commit(this.ctx, async (tx, effects) => {
      const { chat, channel, post } = await this.#pending(tx, bot, chatId, messageId, 'can_post_messages');
      const now = deps.clock.now();
      const date = publishDate(sendDate, post.send_date, now);
      if ('problem' in date) throw refuse(date.problem);
      const price = priceOf(post);
      let chargeId: string | null = null;
      if (price) {
        chargeId = `suggested_post_${deps.random.token(20)}`;
        const left = await this.ctx.stars.debit(tx, {
          ownerId: post.author_id,
          id: chargeId,
          nanos: starsToNanos(price.amount),
          partner: { type: 'chat', chat_id: channel.id! },
        });
        if (left === undefined) {
          await this.#service(tx, effects, chat, channel, post, {
            suggested_post_approval_failed: { price },
          });
          return 'failed';
        }
      }
      const changed = await tx.updateSuggestedPost(
        chat.pk,
        messageId,
        { state: 'pending', phase: null },
        {
          state: 'approved',
          phase: 'scheduled',
          publish_at: date.at,
          approved_by: bot.id,
          charge_id: chargeId,
          due_at: date.at,
        },
      );
      if (!changed) throw refuse('suggested post was already approved or declined');
      await this.#setState(tx, chat, messageId, 'approved');
      await this.#service(tx, effects, chat, channel, post, {
        suggested_post_approved: { ...(price ? { price } : {}), send_date: date.at },
      });
      if (date.at <= now) await this.#publish(tx, effects, chat.pk, messageId);
      return 'approved';
    });
  }

  /** declineSuggestedPost: the bot needs can_manage_direct_messages in the channel. */
  async decline(bot: UserRow, chatId: number, messageId: number, comment?: string): Promise<void> {
    if (comment !== undefined && [...comment].length > MAX_DECLINE_COMMENT) {
      throw refuse('comment is too long');
    }
    await commit(this.ctx, async (tx, effects) => {
      const { chat, channel, post } = await this.#pending(
        tx,
        bot,
        chatId,
        messageId,
        'can_manage_direct_messages',
      );
      const changed = await tx.updateSuggestedPost(
        chat.pk,
        messageId,
        { state: 'pending', phase: null },
        { state: 'declined' },
      );
      if (!changed) throw refuse('suggested post was already approved or declined');
      await this.#setState(tx, chat, messageId, 'declined');
      await this.#service(tx, effects, chat, channel, post, {
        suggested_post_declined: comment ? { comment } : {},
      });
    });
  }

  /**
   * The timed job's pass: publishes the posts whose date came and pays out those published a day
   * ago. Answers when (Unix seconds) the next is due, or now when the batch was full.
   */
  async runDue(): Promise<number | undefined> {
    const { store, clock } = this.ctx.deps;
    const due = await store.listDueSuggestedPosts(clock.now(), SUGGESTED_POST_BATCH);
    for (const post of due) {
      await commit(this.ctx, async (tx, effects) => {
        if (post.phase === 'scheduled') await this.#publish(tx, effects, post.chat_pk, post.message_id);
        else if (post.phase === 'published') await this.#payOut(tx, effects, post.chat_pk, post.message_id);
      });
    }
    if (due.length >= SUGGESTED_POST_BATCH) return clock.now();
    return store.nextSuggestedPostDue();
  }

  /**
   * A channel message changed (the event after its write; the listener registered above,
   * core/event-listeners.ts): a paid post deleted within a day of its publication is refunded to the
   * person (suggested_post_refunded, reason post_deleted).
   */
  async onMessageChanged(chatPk: number, messageId: number): Promise<void> {
    const { store } = this.ctx.deps;
    const channel = await store.getChat(chatPk);
    if (channel?.type !== 'channel') return;
    const found = await store.getSuggestedPostByPost(chatPk, messageId);
    if (found?.phase !== 'published' || found.amount === null) return;
    if (await store.getMessage(chatPk, messageId)) return;
    await commit(this.ctx, async (tx, effects) => {
      const post = await tx.getSuggestedPost(found.chat_pk, found.message_id);
      const now = this.ctx.deps.clock.now();
      if (post?.phase !== 'published' || post.published_at === null) return;
      if (await tx.getMessage(chatPk, messageId)) return;
      if (!refundsOnDelete(post.published_at, now)) return;
      const refunded = await tx.updateSuggestedPost(
        post.chat_pk,
        post.message_id,
        { state: 'approved', phase: 'published' },
        { phase: 'refunded', due_at: null },
      );
      if (!refunded) return;
      await this.ctx.stars.credit(tx, {
        ownerId: post.author_id,
        id: post.charge_id!,
        nanos: starsToNanos(post.amount!),
        partner: { type: 'chat', chat_id: channel.id! },
      });
      const chat = (await tx.getChat(post.chat_pk))!;
      await this.#service(tx, effects, chat, channel, post, {
        suggested_post_refunded: { reason: 'post_deleted' },
      });
    });
  }

  /** The channel's Stars (ledger owner: the chat id), for the control API. */
  async channelBalance(channel: ChatRow): Promise<ReturnType<typeof starAmount>> {
    return starAmount(await this.ctx.stars.balanceOf(channel.id!));
  }

  /** The pending suggestion a bot names, with the bot's right in the channel checked. */
  async #pending(
    tx: ChatsReader & MessagesReader & SuggestedPostsReader & UsersReader,
    bot: UserRow,
    chatId: number,
    messageId: number,
    right: 'can_post_messages' | 'can_manage_direct_messages',
  ): Promise<{ chat: ChatRow; channel: ChatRow; post: SuggestedPostRow }> {
    const { chat } = await chatForBot(this.ctx, tx, bot, chatId, 'write');
    const channel = chat.parent_pk ? await tx.getChat(chat.parent_pk) : undefined;
    if (!channel) throw refuse('chat is not a direct messages chat');
    const state = memberState(await tx.getMember(channel.pk, bot.id), this.ctx.deps.clock.now());
    if (!hasRight(state, right)) {
      throw new PlatformError('CHAT_ADMIN_REQUIRED', `the bot needs ${right} in the channel`);
    }
    const post = await tx.getSuggestedPost(chat.pk, messageId);
    if (!post || !(await tx.getMessage(chat.pk, messageId))) throw refuse('message not found');
    if (post.state === 'approved') throw refuse('suggested post was already approved');
    if (post.state === 'declined') throw refuse('suggested post was already declined');
    return { chat, channel, post };
  }

  /** The channel post of an approved suggestion whose date came (is_paid_post when paid). */
  async #publish(
    tx: ServiceMessageTx & SuggestedPostsReader & SuggestedPostsWriter,
    effects: Effects,
    chatPk: number,
    messageId: number,
  ): Promise<void> {
    const now = this.ctx.deps.clock.now();
    const post = await tx.getSuggestedPost(chatPk, messageId);
    if (post?.phase !== 'scheduled' || post.publish_at === null || post.publish_at > now) return;
    const [channel, suggestion] = [await tx.getChat(post.channel_pk), await tx.getMessage(chatPk, messageId)];
    if (!channel || !suggestion) return;
    const {
      direct_messages_topic: _topic,
      suggested_post_info: _info,
      ...content
    } = JSON.parse(suggestion.body) as MessageContent;
    if (post.amount !== null) content.is_paid_post = true;
    const row = await this.directMessages.publish(tx, effects, channel, post.approved_by!, content);
    await tx.updateSuggestedPost(
      chatPk,
      messageId,
      { state: 'approved', phase: 'scheduled' },
      {
        phase: 'published',
        post_message_id: row.message_id,
        published_at: now,
        due_at: post.amount !== null ? now + PAYOUT_DELAY : null,
      },
    );
  }

  /** A paid post a day after publication: the held Stars go to the channel (suggested_post_paid). */
  async #payOut(
    tx: ServiceMessageTx & StarsReader & StarsWriter & SuggestedPostsReader & SuggestedPostsWriter,
    effects: Effects,
    chatPk: number,
    messageId: number,
  ): Promise<void> {
    const now = this.ctx.deps.clock.now();
    const post = await tx.getSuggestedPost(chatPk, messageId);
    if (post?.phase !== 'published' || post.due_at === null || post.due_at > now || post.amount === null)
      return;
    const [chat, channel] = [await tx.getChat(chatPk), await tx.getChat(post.channel_pk)];
    if (!chat || !channel) return;
    const paid = await tx.updateSuggestedPost(
      chatPk,
      messageId,
      { state: 'approved', phase: 'published' },
      { phase: 'paid', due_at: null },
    );
    if (!paid) return;
    await this.ctx.stars.credit(tx, {
      ownerId: channel.id!,
      id: post.charge_id!,
      nanos: starsToNanos(post.amount),
      partner: { type: 'user', user_id: post.author_id, transaction_type: 'suggested_post_payment' },
    });
    await this.#service(tx, effects, chat, channel, post, {
      suggested_post_paid: { currency: 'XTR', star_amount: { amount: post.amount } },
    });
  }

  /** suggested_post_info.state of the suggestion message follows its row. */
  async #setState(
    tx: MessagesReader & MessagesWriter,
    chat: ChatRow,
    messageId: number,
    state: 'approved' | 'declined',
  ): Promise<void> {
    const row = (await tx.getMessage(chat.pk, messageId))!;
    const content = JSON.parse(row.body) as MessageContent;
    content.suggested_post_info = { ...(content.suggested_post_info as object), state };
    await tx.updateMessage(chat.pk, messageId, JSON.stringify(content), row.edit_date);
  }

  /** A service message from the channel in the person's topic, naming the suggestion. */
  async #service(
    tx: ServiceMessageTx,
    effects: Effects,
    chat: ChatRow,
    channel: ChatRow,
    post: SuggestedPostRow,
    content: MessageContent,
  ): Promise<void> {
    const author = await tx.getUser(post.author_id);
    const topic = author ? topicOf(author) : undefined;
    await this.directMessages.post(tx, effects, chat, null, {
      sender_chat: await this.ctx.chats.render(tx, channel, post.author_id),
      ...(topic ? { direct_messages_topic: topic } : {}),
      ...content,
      _suggested_post_message: post.message_id,
    });
  }
}

/** SuggestedPostPrice of a row, or undefined for an unpaid post. */
function priceOf(post: SuggestedPostRow): { currency: string; amount: number } | undefined {
  return post.currency !== null && post.amount !== null
    ? { currency: post.currency, amount: post.amount }
    : undefined;
}
