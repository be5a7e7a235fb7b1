/**
 * Verification of users and chats on behalf of an organisation (spec verifyUser, verifyChat,
 * removeUserVerification, removeChatVerification; ADR 0044). An operator makes a bot a verifier
 * through the control API (the reference platform's "third-party verification" programme); only a
 * verifier bot may verify (BOT_VERIFIER_FORBIDDEN otherwise). A user or chat carries at most one
 * verification; verifying again replaces it. Removing a verification the bot did not give changes
 * nothing and succeeds, as removing a missing one does.
 *
 * The Bot API's types carry no verification field (bot-api-10.1.json), so the status is read
 * through the control API (`status`), as a person's client shows the verification mark.
 */
import { PlatformError } from '../core/errors.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { Users } from '../users/users.js';
import type { UserRow, VerificationTarget } from '../../storage/store.js';
import type { UsersReader } from '../../storage/ports/users.js';
import type { ChatsReader } from '../../storage/ports/chats.js';

/** custom_description: 0-70 characters (spec verifyUser). */
export const CUSTOM_DESCRIPTION_MAX = 70;

/** What the control API shows of a bot's verifier status. */
export interface VerifierState {
  bot_id: number;
  is_verifier: boolean;
  can_modify_custom_description: boolean;
}

/** What the control API shows of a user's or chat's verification. */
export interface VerificationStatus {
  target: VerificationTarget;
  id: number;
  is_verified: boolean;
  verifier_bot_id?: number;
  custom_description?: string;
  verified_at?: number;
}

/** A target as the Bot API names it: a user id, or a chat id / @username (verifyChat). */
export type TargetRef = { user: number } | { chat: number | string };

export class Verification {
  constructor(
    private readonly deps: PlatformDeps,
    private readonly users: Users,
  ) {}

  /** An operator makes a bot a verifier, or (enabled false) stops it being one. */
  async setVerifier(
    botRef: string | number,
    enabled: boolean,
    canModifyCustomDescription: boolean,
  ): Promise<VerifierState> {
    const bot = await this.users.resolve(botRef, 'bot');
    await this.deps.store.write(async (tx) => {
      if (!enabled) return tx.deleteVerifier(bot.id);
      await tx.setVerifier({
        bot_id: bot.id,
        can_modify_custom_description: canModifyCustomDescription,
        created_at: this.deps.clock.now(),
      });
      return true;
    });
    return {
      bot_id: bot.id,
      is_verifier: enabled,
      can_modify_custom_description: enabled && canModifyCustomDescription,
    };
  }

  /** verifyUser / verifyChat: the bot verifies the target on behalf of its organisation. */
  async verify(bot: UserRow, ref: TargetRef, customDescription: string | undefined): Promise<void> {
    const { store, clock } = this.deps;
    await store.write(async (tx) => {
      const verifier = await tx.getVerifier(bot.id);
      if (!verifier) throw new PlatformError('BOT_VERIFIER_FORBIDDEN', 'this bot cannot verify');
      const description = customDescription ?? '';
      if (
        [...description].length > CUSTOM_DESCRIPTION_MAX ||
        (description !== '' && !verifier.can_modify_custom_description)
      ) {
        throw new PlatformError('VERIFICATION_DESCRIPTION_INVALID', 'custom_description is not allowed');
      }
      const target = await this.#target(tx, ref);
      await tx.setVerification({
        target_kind: target.kind,
        target_id: target.id,
        bot_id: bot.id,
        custom_description: description === '' ? null : description,
        verified_at: clock.now(),
      });
    });
  }

  /** removeUserVerification / removeChatVerification: removes the bot's own verification. */
  async remove(bot: UserRow, ref: TargetRef): Promise<void> {
    await this.deps.store.write(async (tx) => {
      if (!(await tx.getVerifier(bot.id)))
        throw new PlatformError('BOT_VERIFIER_FORBIDDEN', 'this bot cannot verify');
      const target = await this.#target(tx, ref);
      const current = await tx.getVerification(target.kind, target.id);
      if (current?.bot_id === bot.id) await tx.deleteVerification(target.kind, target.id);
    });
  }

  /** A user's or chat's verification (control API): `user` is a user reference, `chat` a chat id or @username. */
  async status(ref: { user: string | number } | { chat: string | number }): Promise<VerificationStatus> {
    const { store } = this.deps;
    const target =
      'user' in ref
        ? { kind: 'user' as const, id: (await this.users.resolve(ref.user)).id }
        : await this.#target(store, { chat: /^-?\d+$/.test(String(ref.chat)) ? Number(ref.chat) : ref.chat });
    const row = await store.getVerification(target.kind, target.id);
    if (!row) return { target: target.kind, id: target.id, is_verified: false };
    return {
      target: target.kind,
      id: target.id,
      is_verified: true,
      verifier_bot_id: row.bot_id,
      ...(row.custom_description !== null ? { custom_description: row.custom_description } : {}),
      verified_at: row.verified_at,
    };
  }

  /**
   * The user or chat a call names. verifyChat takes a bot's or user's id (its private chat), a
   * supergroup's or channel's id, or the @username of a bot, supergroup or channel.
   */
  async #target(
    reader: ChatsReader & UsersReader,
    ref: TargetRef,
  ): Promise<{ kind: VerificationTarget; id: number }> {
    if ('user' in ref) {
      const user = await reader.getUser(ref.user);
      if (!user) throw new PlatformError('USER_NOT_FOUND', 'user not found');
      return { kind: 'user', id: user.id };
    }
    if (typeof ref.chat === 'number' && ref.chat > 0) {
      const user = await reader.getUser(ref.chat);
      if (!user) throw new PlatformError('CHAT_NOT_FOUND', 'chat not found');
      return { kind: 'user', id: user.id };
    }
    if (typeof ref.chat === 'string') {
      const name = ref.chat.replace(/^@/, '');
      const user = await reader.getUserByUsername(name);
      if (user?.is_bot) return { kind: 'user', id: user.id };
      const chat = await reader.getChatByUsername(name);
      if (!chat || chat.id === null) throw new PlatformError('CHAT_NOT_FOUND', 'chat not found');
      return this.#chatTarget(chat.type, chat.id);
    }
    const chat = await reader.getChatById(ref.chat);
    if (!chat || chat.id === null) throw new PlatformError('CHAT_NOT_FOUND', 'chat not found');
    return this.#chatTarget(chat.type, chat.id);
  }

  /** Only supergroups and channels are verified as chats (a basic group is not a peer that can be). */
  #chatTarget(type: string, id: number): { kind: VerificationTarget; id: number } {
    if (type !== 'supergroup' && type !== 'channel')
      throw new PlatformError('PEER_ID_INVALID', 'PEER_ID_INVALID');
    return { kind: 'chat', id };
  }
}
