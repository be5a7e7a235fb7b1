/**
 * Join requests: a person who opens an invite link with creates_join_request asks to join; the chat's
 * administrator bots with can_invite_users get `chat_join_request` (spec Update, ChatJoinRequest) and
 * approve or decline it. An approved request makes the person a member (via_join_request in
 * chat_member); a declined one is gone.
 */
import { stateOf } from './chat-access.js';
import { hasRight, isPresent, memberState, renderInviteLink } from './chat-rights.js';
import { ChatMigrated, PlatformError } from '../core/errors.js';
import {
  actingIn,
  botMembers,
  commit,
  targetUser,
  type Acting,
  type Effects,
  type GroupContext,
} from './group-context.js';
import type { Members } from './members.js';
import { renderUser } from '../users/users.js';
import type { ChatRow, InviteLinkRow, UserRow } from '../../storage/store.js';
import type { ChatsReader } from '../../storage/ports/chats.js';
import type { InvitesReader, InvitesWriter } from '../../storage/ports/invites.js';
import type { SettingsReader } from '../../storage/ports/settings.js';
import type { WebAppsWriter } from '../../storage/ports/web-apps.js';
import type { EnqueueTx } from '../updates/update-queue.js';

/**
 * An extension point of the kernel (ADR 0111): a feature that gives a chat's bot a query to answer
 * for each new join request registers the issuer here (web-apps/: join-request queries, ADR 0047).
 * It runs in the request's transaction and answers the bot that gets the query and its id, if any.
 */
export type JoinRequestQueryIssuer = (
  tx: ChatsReader & SettingsReader & WebAppsWriter,
  chat: ChatRow,
  userId: number,
  now: number,
) => Promise<{ botId: number; id: string } | undefined>;

export class JoinRequests {
  private queryIssuer: JoinRequestQueryIssuer | undefined;

  constructor(
    private readonly ctx: GroupContext,
    private readonly members: Members,
  ) {}

  /** Registers the feature that issues join-request queries (one at most). */
  setQueryIssuer(issuer: JoinRequestQueryIssuer): void {
    if (this.queryIssuer) throw new Error('a join-request query issuer is already registered');
    this.queryIssuer = issuer;
  }

  /** Records the request (once) and tells the administrator bots that may invite users. */
  async create(
    tx: ChatsReader & EnqueueTx & InvitesReader & InvitesWriter & SettingsReader & WebAppsWriter,
    chat: ChatRow,
    user: UserRow,
    link: InviteLinkRow,
    effects: Effects,
  ): Promise<void> {
    if (chat.migrated_to_id) throw new ChatMigrated(chat.migrated_to_id);
    const now = this.ctx.deps.clock.now();
    const state = await stateOf(tx, chat, user.id, now);
    if (state.status === 'kicked')
      throw new PlatformError('USER_BANNED_IN_CHANNEL', 'the user is banned in this chat');
    if (isPresent(state)) throw new PlatformError('USER_ALREADY_PARTICIPANT', 'the user is already a member');
    if (await tx.getJoinRequest(chat.pk, user.id)) return;
    await tx.upsertJoinRequest({ chat_pk: chat.pk, user_id: user.id, invite_link: link.link, date: now });
    effects.joinRequests.add(chat.pk);
    // The chat's join-request bot gets a query to answer (platform/web-apps/, ADR 0047).
    const query = await this.queryIssuer?.(tx, chat, user.id, now);
    const creator = (await tx.getUser(link.creator_id))!;
    const pending = (await tx.listJoinRequests(chat.pk)).filter((r) => r.invite_link === link.link).length;
    for (const { bot, state: botState } of await botMembers(tx, chat, now)) {
      if (!hasRight(botState, 'can_invite_users')) continue;
      const payload = {
        chat: await this.ctx.chats.render(tx, chat, bot.id),
        from: renderUser(user),
        user_chat_id: user.id,
        date: now,
        invite_link: renderInviteLink(
          link,
          creator,
          link.creator_id === bot.id,
          pending,
          this.ctx.deps.config.publicUrl,
        ),
        ...(query?.botId === bot.id ? { query_id: query.id } : {}),
      };
      const queued = await this.ctx.updates.enqueue(tx, bot.id, {
        type: 'chat_join_request',
        payload,
        queueKey: `c${chat.id}`,
        date: now,
      });
      if (queued !== null) effects.bots.add(bot.id);
    }
  }

  /**
   * The chat's pending join requests, oldest first, as an administrator's app lists them
   * (can_invite_users): who asks and since when.
   */
  async list(acting: Acting): Promise<Array<{ user: ReturnType<typeof renderUser>; date: number }>> {
    const { store } = this.ctx.deps;
    const at = await actingIn(this.ctx, store, acting);
    if (!hasRight(at.state, 'can_invite_users'))
      throw new PlatformError('CHAT_ADMIN_REQUIRED', 'CHAT_ADMIN_REQUIRED');
    const requests = await store.listJoinRequests(at.chat.pk);
    return Promise.all(
      requests.map(async (request) => ({
        user: renderUser((await store.getUser(request.user_id))!),
        date: request.date,
      })),
    );
  }

  /** approveChatJoinRequest (spec: can_invite_users). */
  approve(acting: Acting, userRef: number | string): Promise<void> {
    return this.#process(acting, userRef, true);
  }

  /** declineChatJoinRequest (spec: can_invite_users). */
  decline(acting: Acting, userRef: number | string): Promise<void> {
    return this.#process(acting, userRef, false);
  }

  async #process(acting: Acting, userRef: number | string, approve: boolean): Promise<void> {
    const user = await targetUser(this.ctx, userRef);
    await commit(this.ctx, async (tx, effects) => {
      const at = await actingIn(this.ctx, tx, acting);
      if (at.chat.type === 'private') throw new PlatformError('PEER_ID_INVALID', 'PEER_ID_INVALID');
      if (!hasRight(at.state, 'can_invite_users'))
        throw new PlatformError('CHAT_ADMIN_REQUIRED', 'CHAT_ADMIN_REQUIRED');
      // Approving a member answers the server's USER_ALREADY_PARTICIPANT (the reference's text);
      // declining one has no request to hide, HIDE_REQUESTER_MISSING as for anyone without one.
      if (
        approve &&
        isPresent(memberState(await tx.getMember(at.chat.pk, user.id), this.ctx.deps.clock.now()))
      ) {
        throw new PlatformError('REQUESTER_ALREADY_PARTICIPANT', 'the user is already a member');
      }
      const request = await tx.getJoinRequest(at.chat.pk, user.id);
      if (!request) throw new PlatformError('HIDE_REQUESTER_MISSING', 'HIDE_REQUESTER_MISSING');
      await tx.deleteJoinRequest(at.chat.pk, user.id);
      effects.joinRequests.add(at.chat.pk);
      if (!approve) return;
      const link = request.invite_link ? await tx.getInviteLink(request.invite_link) : undefined;
      await this.members.join(tx, at.chat, user, effects, {
        ...(link ? { link } : {}),
        approvedBy: at.actor,
      });
    });
  }
}
