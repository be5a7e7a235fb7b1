/**
 * Invite links (spec ChatInviteLink): administrators with can_invite_users create, edit and revoke
 * them; each administrator has one primary link (exportChatInviteLink replaces it; revoking it makes
 * a new one). A person joins through a link unless it is revoked, expired or full (member_limit
 * counts the members who joined by it and are still in the chat); a link with creates_join_request
 * makes a join request instead.
 *
 * Links look like `https://t.me/+<16 characters>`, or `<public-url>/+...` with `--public-url`; they
 * are stored under their old `https://parley.invalid/+...` key (invite-link-form.ts, ADR 0074).
 */
import type { ChatInviteLink } from '../../wire/bot-api-types.js';
import { isPresent, memberState, renderInviteLink, hasRight } from './chat-rights.js';
import { PlatformError } from '../core/errors.js';
import { actingIn, commit, type Acting, type ActingIn, type GroupContext } from './group-context.js';
import type { JoinRequests } from './join-requests.js';
import type { Members } from './members.js';
import type { ChatRow, InviteLinkRow, UserRow } from '../../storage/store.js';
import { publicChatOfLink, shownLink, STORED_LINK_PREFIX, storedLink } from './invite-link-form.js';
import type { UsersReader } from '../../storage/ports/users.js';
import type { InvitesReader, InvitesWriter } from '../../storage/ports/invites.js';
import type { SettingsWriter } from '../../storage/ports/settings.js';
import type { PaymentsReader, PaymentsWriter } from '../../storage/ports/payments.js';
import type { StarsReader, StarsWriter } from '../../storage/ports/stars.js';

const MAX_NAME = 32;
const MAX_MEMBER_LIMIT = 99_999;

/** What managing links reads and writes (#manage's fns): the links, their pricing, their creators. */
type LinkTx = InvitesReader & InvitesWriter & PaymentsReader & PaymentsWriter & SettingsWriter & UsersReader;

export interface LinkOptions {
  name?: string | undefined;
  expire_date?: number | undefined;
  member_limit?: number | undefined;
  creates_join_request?: boolean | undefined;
  /** A subscription link of a channel (createChatSubscriptionInviteLink): Stars every period. */
  subscription?: { period: number; price: number } | undefined;
}

export interface JoinResult {
  /** `member` when joined, `requested` when the link makes a join request. */
  status: 'member' | 'requested';
  chat: ChatRow;
}

/** The stored key for a link, `+hash` or hash a bot or person gives, in any form (invite-link-form.ts). */
export const normalizeLink = storedLink;

function checkOptions(options: LinkOptions): void {
  if (options.name !== undefined && [...options.name].length > MAX_NAME)
    throw new PlatformError('INVITE_LINK_NAME_TOO_LONG', 'invite link name is too long');
  if (options.creates_join_request && options.member_limit) {
    throw new PlatformError(
      'MEMBER_LIMIT_WITH_JOIN_REQUEST',
      "member limit can't be specified for links requiring administrator approval",
    );
  }
}

/** Refuses an actor who may not manage the chat's invite links (private chats, can_invite_users). */
export function checkMayManageInviteLinks(at: ActingIn): void {
  if (at.chat.type === 'private')
    throw new PlatformError('PRIVATE_CHAT_INVITE', "can't invite members to a private chat");
  if (!hasRight(at.state, 'can_invite_users')) {
    throw new PlatformError(
      'NOT_ENOUGH_RIGHTS_TO_MANAGE_INVITE_LINKS',
      'not enough rights to manage chat invite link',
    );
  }
}

/**
 * An extension point of the kernel (ADR 0111): a feature that charges a person joining through a
 * link registers it here (payments/: a subscription link's first period, ADR 0043). It runs in the
 * join's write, throws to refuse the join, and answers the end of the period paid for, if any.
 */
export type JoinCharge = (
  tx: PaymentsReader & PaymentsWriter & StarsReader & StarsWriter,
  chat: ChatRow,
  user: UserRow,
  link: InviteLinkRow,
) => Promise<number | undefined>;

export class InviteLinks {
  private joinCharge: JoinCharge | undefined;

  constructor(
    private readonly ctx: GroupContext,
    private readonly members: Members,
    private readonly joinRequests: JoinRequests,
  ) {}

  /** Registers the feature that charges for joining through a link (one at most). */
  setJoinCharge(charge: JoinCharge): void {
    if (this.joinCharge) throw new Error('a join charge is already registered');
    this.joinCharge = charge;
  }

  /** The creator's current primary link of the chat. */
  async primaryOf(
    reader: InvitesReader,
    chat: ChatRow,
    creatorId: number,
  ): Promise<InviteLinkRow | undefined> {
    return (await reader.listInviteLinks(chat.pk)).find(
      (link) => link.creator_id === creatorId && link.is_primary && !link.is_revoked,
    );
  }

  /** createChatInviteLink, or a person creating a link: an additional link of the actor. */
  async create(acting: Acting, options: LinkOptions): Promise<ChatInviteLink> {
    checkOptions(options);
    return this.#manage(acting, async (tx, at) => {
      if (options.subscription && at.chat.type !== 'channel') {
        throw new PlatformError('INVOICE_INVALID', 'subscription links are for channels', {
          reason: 'CHAT_TYPE_INVALID',
        });
      }
      const row = await this.#insert(tx, at, options, false);
      return this.#render(tx, row, true);
    });
  }

  /** editChatInviteLink: every field is set; one left out goes back to its default. */
  async edit(acting: Acting, link: string, options: LinkOptions): Promise<ChatInviteLink> {
    checkOptions(options);
    return this.#manage(acting, async (tx, at) => {
      const row = await this.#own(tx, at, link);
      if (row.is_primary) throw new PlatformError('CHAT_INVITE_PERMANENT', 'CHAT_INVITE_PERMANENT');
      const patch = {
        name: options.name || null,
        expire_date: options.expire_date || null,
        member_limit: options.member_limit ? Math.min(options.member_limit, MAX_MEMBER_LIMIT) : null,
        creates_join_request: options.creates_join_request === true,
      };
      await tx.updateInviteLink(row.link, patch);
      return this.#render(tx, { ...row, ...patch }, row.creator_id === at.actor.id);
    });
  }

  /** revokeChatInviteLink: a revoked primary link is replaced by a new one. */
  async revoke(acting: Acting, link: string): Promise<ChatInviteLink> {
    return this.#manage(acting, async (tx, at) => {
      const row = await this.#own(tx, at, link);
      await tx.updateInviteLink(row.link, { is_revoked: true });
      if (row.is_primary) await this.#insert(tx, at, {}, true);
      return this.#render(tx, { ...row, is_revoked: true }, row.creator_id === at.actor.id);
    });
  }

  /** exportChatInviteLink: a new primary link of the actor; the previous one is revoked. */
  async export(acting: Acting): Promise<string> {
    return this.#manage(acting, async (tx, at) => {
      // One primary link an administrator: the first export finds no row to revoke (ADR 0129).
      await tx.guardWrite(`primary:${at.chat.pk}:${at.actor.id}`);
      const old = await this.primaryOf(tx, at.chat, at.actor.id);
      if (old) await tx.updateInviteLink(old.link, { is_revoked: true });
      return this.shown((await this.#insert(tx, at, {}, true)).link);
    });
  }

  /**
   * The unrevoked links of the chat a person's app lists, newest first (can_invite_users): an
   * administrator's own, and for the owner every administrator's, as the reference's apps show them
   * (the owner may also edit and revoke any of them, #own). The owner sees them whole, since it
   * manages them; the Bot API's shortening of others' links is for bots.
   */
  async list(acting: Acting): Promise<ChatInviteLink[]> {
    const { store } = this.ctx.deps;
    const at = await actingIn(this.ctx, store, acting);
    checkMayManageInviteLinks(at);
    const owner = at.state.status === 'creator';
    const shown = (await store.listInviteLinks(at.chat.pk)).filter(
      (row) => !row.is_revoked && (owner || row.creator_id === at.actor.id),
    );
    return Promise.all(shown.reverse().map((row) => this.#render(store, row, true)));
  }

  /**
   * A person opens an invite link (`invite_link`) or joins a public chat by its @username (`chat`):
   * exactly one of them (control API, the web client).
   */
  async open(userRef: string, target: { invite_link?: string; chat?: string | number }): Promise<JoinResult> {
    const { invite_link: link, chat } = target;
    if ((link === undefined) === (chat === undefined)) {
      throw new PlatformError('BAD_REQUEST', 'give either chat (@username) or invite_link');
    }
    // A public chat's link (`https://t.me/NAME`) opens the chat as its @username does.
    const named = link === undefined ? chat! : publicChatOfLink(link);
    if (named === undefined) return this.join(userRef, link!);
    return { status: 'member', chat: await this.members.joinPublic(userRef, named) };
  }

  /** A person opens an invite link: they join, or ask to join (creates_join_request). */
  async join(userRef: string, link: string): Promise<JoinResult> {
    const user = await this.ctx.users.resolve(userRef, 'user');
    const full = normalizeLink(link);
    return commit(this.ctx, async (tx, effects) => {
      const row = await tx.getInviteLink(full);
      if (!row) throw new PlatformError('INVITE_HASH_INVALID', `no invite link ${this.shown(full)}`);
      const now = this.ctx.deps.clock.now();
      if (row.is_revoked || (row.expire_date !== null && row.expire_date <= now)) {
        throw new PlatformError('INVITE_HASH_EXPIRED', 'the invite link was revoked or has expired');
      }
      const chat = (await tx.getChat(row.chat_pk))!;
      if (row.member_limit) {
        // A count of members another join by the link may add at once (ADR 0129).
        await tx.guardWrite(`invite:${row.link}`);
        const joined = (await tx.listMembers(chat.pk)).filter((member) => {
          const state = memberState(member, now);
          return isPresent(state) && state.data.invite_link === row.link;
        }).length;
        if (joined >= row.member_limit)
          throw new PlatformError('INVITE_HASH_EXPIRED', 'the invite link is full');
      }
      // A subscription link charges its first period in this write (payments/chat-subscriptions.ts).
      const subscriptionUntil = await this.joinCharge?.(tx, chat, user, row);
      if (row.creates_join_request) {
        await this.joinRequests.create(tx, chat, user, row, effects);
        return { status: 'requested', chat };
      }
      await this.members.join(tx, chat, user, effects, { link: row, subscriptionUntil });
      return { status: 'member', chat };
    });
  }

  /** A stored link as bots and people see it (`https://t.me/+...`, or under --public-url). */
  shown(stored: string): string {
    return shownLink(stored, this.ctx.deps.config.publicUrl);
  }

  async #manage<T>(acting: Acting, fn: (tx: LinkTx, at: ActingIn) => Promise<T>): Promise<T> {
    return commit(this.ctx, async (tx) => {
      const at = await actingIn(this.ctx, tx, acting);
      checkMayManageInviteLinks(at);
      return fn(tx, at);
    });
  }

  /** A link of this chat that the actor may change: their own, or any for the creator. */
  async #own(tx: InvitesReader, at: ActingIn, link: string): Promise<InviteLinkRow> {
    if (link.trim() === '') throw new PlatformError('INVITE_LINK_EMPTY', 'invite link must be non-empty');
    const row = await tx.getInviteLink(normalizeLink(link));
    if (!row || row.chat_pk !== at.chat.pk || row.is_revoked)
      throw new PlatformError('INVITE_LINK_UNKNOWN', 'INVITE_HASH_EXPIRED');
    if (row.creator_id !== at.actor.id && at.state.status !== 'creator')
      throw new PlatformError('INVITE_LINK_NOT_OWN', 'CHAT_ADMIN_REQUIRED');
    return row;
  }

  async #insert(
    tx: InvitesWriter & PaymentsWriter,
    at: ActingIn,
    options: LinkOptions,
    primary: boolean,
  ): Promise<InviteLinkRow> {
    const row: InviteLinkRow = {
      link: `${STORED_LINK_PREFIX}${this.ctx.deps.random.token(16)}`,
      chat_pk: at.chat.pk,
      creator_id: at.actor.id,
      name: options.name || null,
      expire_date: options.expire_date || null,
      member_limit: options.member_limit ? Math.min(options.member_limit, MAX_MEMBER_LIMIT) : null,
      creates_join_request: options.creates_join_request === true,
      is_primary: primary,
      is_revoked: false,
      created_at: this.ctx.deps.clock.now(),
    };
    await tx.insertInviteLink(row);
    if (options.subscription) {
      await tx.insertChatSubscriptionLink({
        link: row.link,
        subscription_period: options.subscription.period,
        subscription_price: options.subscription.price,
      });
    }
    return row;
  }

  /** `whole`: the viewer made the link, or manages it as the owner (renderInviteLink). */
  async #render(
    reader: InvitesReader & PaymentsReader & UsersReader,
    row: InviteLinkRow,
    whole: boolean,
  ): Promise<ChatInviteLink> {
    const creator = (await reader.getUser(row.creator_id))!;
    const pending = (await reader.listJoinRequests(row.chat_pk)).filter(
      (r) => r.invite_link === row.link,
    ).length;
    const wire = renderInviteLink(row, creator, whole, pending, this.ctx.deps.config.publicUrl);
    const terms = await reader.getChatSubscriptionLink(row.link);
    if (terms) {
      wire.subscription_period = terms.subscription_period;
      wire.subscription_price = terms.subscription_price;
    }
    return wire;
  }
}
