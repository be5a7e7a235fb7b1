/**
 * Message drafts (sendMessageDraft, ADR 0048): a bot streams a partial message into a private chat
 * with a person while it generates it. Each call replaces the draft of that draft_id; the person
 * sees the chat's current drafts (the control API) until 30 seconds after a draft's last version, or
 * until the bot sends a message into the chat (the final message replaces the preview). Each
 * version is announced (`chat.draft`), so the web client shows it without asking.
 */
import { checkBotCanSend } from '../chats/chat-access.js';
import type { Chats } from '../chats/chats.js';
import { PlatformError } from '../core/errors.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { WireUser } from '../core/wire-types.js';
import type { MessageEntity } from '../formatting/index.js';
import type { Messages } from '../messages/messages.js';
import { renderUser, type Users } from '../users/users.js';
import type { UserRow } from '../../storage/store.js';

/** How long a draft is shown after its last version (the spec: "a temporary 30-second preview"). */
export const DRAFT_LIFETIME_SECONDS = 30;

/** The content of one version of a draft. */
export interface DraftContent {
  /** Empty: the client shows a "Thinking..." placeholder (spec sendMessageDraft). */
  text?: string;
  entities?: MessageEntity[];
  /** sendRichMessageDraft (ADR 0051): a RichMessage instead of text. */
  rich_message?: unknown;
}

/** A draft as the person in the chat sees it. */
export interface WireDraft extends DraftContent {
  draft_id: number;
  from: WireUser;
  /** Unix time of the draft's last version. */
  date: number;
  message_thread_id?: number;
  /** Unix time when the preview ends unless the bot streams again. */
  expires_at: number;
}

export class Drafts {
  constructor(
    private readonly deps: PlatformDeps,
    private readonly users: Users,
    private readonly chats: Chats,
    private readonly messages: Messages,
  ) {}

  /**
   * A bot streams a version of a draft into its private chat with a person (`chatId` as the bot
   * sees it: the person's id). A bot the person blocked is refused as for a message.
   */
  async stream(bot: UserRow, chatId: number, draftId: number, threadId: number, content: DraftContent) {
    const { store, clock, bus } = this.deps;
    const chat = await store.write(async (tx) => {
      if (chatId <= 0)
        throw new PlatformError('CHAT_NOT_FOUND', 'drafts are streamed into private chats only');
      const chat = await this.chats.resolveForViewer(tx, bot, chatId);
      await checkBotCanSend(tx, chat, bot, clock.now(), { text: content.text ?? '' });
      await tx.putDraft({
        chat_pk: chat.pk,
        draft_id: draftId,
        bot_id: bot.id,
        thread_id: threadId,
        body: JSON.stringify(content),
        updated_at: clock.now(),
      });
      return chat;
    });
    // After the commit: the person's open app reads the chat's drafts again (ADR 0095 addendum).
    const person = chat.user_a === bot.id ? chat.user_b : chat.user_a;
    if (person !== null) bus.emit('chat.draft', { chatPk: chat.pk, botId: bot.id, userId: person });
  }

  /** The checks of `stream` without writing (sendRichMessageDraft, before it stores media files). */
  async check(bot: UserRow, chatId: number): Promise<void> {
    const { store, clock } = this.deps;
    if (chatId <= 0) throw new PlatformError('CHAT_NOT_FOUND', 'drafts are streamed into private chats only');
    const chat = await this.chats.resolveForViewer(store, bot, chatId);
    await checkBotCanSend(store, chat, bot, clock.now(), { text: '' });
  }

  /** The drafts a person sees in a chat now, the least recently changed first. */
  async listForUser(userRef: string, chatRef: string): Promise<WireDraft[]> {
    const { store, clock } = this.deps;
    const user = await this.users.resolve(userRef, 'user');
    const chat = await this.messages.chatForUser(store, user, chatRef, false);
    if (!chat || chat.type !== 'private') return [];
    const rows = await store.listDrafts(chat.pk, clock.now() - DRAFT_LIFETIME_SECONDS);
    const drafts: WireDraft[] = [];
    for (const row of rows) {
      const sender = await store.getUser(row.bot_id);
      if (!sender) continue;
      drafts.push({
        draft_id: row.draft_id,
        from: renderUser(sender),
        date: row.updated_at,
        ...(row.thread_id !== 0 ? { message_thread_id: row.thread_id } : {}),
        ...(JSON.parse(row.body) as DraftContent),
        expires_at: row.updated_at + DRAFT_LIFETIME_SECONDS,
      });
    }
    return drafts;
  }
}
