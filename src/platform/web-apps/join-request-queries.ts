/**
 * Join-request queries (Bot API 10.1; ADR 0047). A chat's creator or an administrator who may invite
 * users assigns a bot to process the chat's join requests; the bot must support join-request
 * queries (getMe's supports_join_request_queries, a setting of the bot) and be an administrator of
 * the chat with can_invite_users. A person's join request then reaches that bot with a `query_id`
 * in its chat_join_request update, and the bot must, within 10 seconds of virtual time, answer it
 * (answerChatJoinRequestQuery: approve, decline or queue, the last leaving the request to the
 * administrators) or show the person a Mini App (sendChatJoinRequestWebApp), which gives it an hour
 * more. The person opens that Mini App with launch data that name the query.
 */
import { hasRight, isPresent, memberState } from '../chats/chat-rights.js';
import { commit, type GroupContext } from '../chats/group-context.js';
import type { Messages } from '../messages/messages.js';
import type { Members } from '../chats/members.js';
import { PlatformError } from '../core/errors.js';
import type { Random } from '../core/random.js';
import { renderUser } from '../users/users.js';
import type { LaunchSigner, OpenedWebApp } from './launch-types.js';
import type { ChatRow } from '../../storage/store.js';
import type { ChatsReader } from '../../storage/ports/chats.js';
import type { SettingsReader } from '../../storage/ports/settings.js';
import type { WebAppsWriter } from '../../storage/ports/web-apps.js';

/** ChatJoinRequest.query_id: the bot must answer or show a Mini App within 10 seconds (spec). */
export const JOIN_REQUEST_QUERY_TIMEOUT = 10;
/** After sendChatJoinRequestWebApp the person has an hour to use the Mini App (ADR 0047). */
export const JOIN_REQUEST_WEB_APP_TIMEOUT = 3600;

export const JOIN_REQUEST_RESULTS = ['approve', 'decline', 'queue'] as const;
export type JoinRequestResult = (typeof JOIN_REQUEST_RESULTS)[number];

const assignedKey = (chatPk: number) => `chat:${chatPk}:join_request_bot`;
export const joinRequestQueriesKey = (botId: number) => `bot:${botId}:supports_join_request_queries`;

/** Whether the bot supports join-request queries (getMe). */
export async function supportsJoinRequestQueries(reader: SettingsReader, botId: number): Promise<boolean> {
  return (await reader.getSetting(joinRequestQueriesKey(botId))) === '1';
}

/**
 * Called when a join request is recorded: the query of the chat's assigned bot, if it may process
 * join requests now (supports them, is present with can_invite_users). Written in the caller's tx.
 */
export async function issueJoinRequestQuery(
  tx: SettingsReader & Pick<ChatsReader, 'getMember'> & Pick<WebAppsWriter, 'insertJoinRequestQuery'>,
  chat: ChatRow,
  userId: number,
  now: number,
  random: Random,
): Promise<{ botId: number; id: string } | undefined> {
  const assigned = Number((await tx.getSetting(assignedKey(chat.pk))) || 0);
  if (!assigned || !(await supportsJoinRequestQueries(tx, assigned))) return undefined;
  const state = memberState(await tx.getMember(chat.pk, assigned), now);
  if (!isPresent(state) || !hasRight(state, 'can_invite_users')) return undefined;
  const id = `${random.int(1, 9)}${String(random.int(0, 1e9)).padStart(9, '0')}${String(random.int(0, 1e9)).padStart(9, '0')}`;
  await tx.insertJoinRequestQuery({
    id,
    chat_pk: chat.pk,
    user_id: userId,
    bot_id: assigned,
    created_at: now,
    deadline: now + JOIN_REQUEST_QUERY_TIMEOUT,
    web_app_url: null,
    result: null,
  });
  return { botId: assigned, id };
}

export class JoinRequestQueries {
  constructor(
    private readonly ctx: GroupContext<Messages>,
    private readonly members: Members,
    private readonly webApps: LaunchSigner,
  ) {}

  /** A bot's own setting: whether it supports join-request queries (control API). */
  async setSupported(botRef: string, enabled: boolean): Promise<void> {
    const bot = await this.ctx.users.resolve(botRef, 'bot');
    await this.ctx.deps.store.write(async (tx) =>
      tx.setSetting(joinRequestQueriesKey(bot.id), enabled ? '1' : ''),
    );
  }

  /**
   * A person who may invite users to the chat (its creator, or an administrator with
   * can_invite_users) assigns the bot that processes its join requests, or none (`botRef` null).
   */
  async assign(userRef: string, chatRef: string, botRef: string | null): Promise<void> {
    const { users, messages, deps } = this.ctx;
    const person = await users.resolve(userRef, 'user');
    const bot = botRef === null ? null : await users.resolve(botRef, 'bot');
    await deps.store.write(async (tx) => {
      const chat = await messages.chatForUser(tx, person, chatRef, false);
      if (!chat || chat.type === 'private')
        throw new PlatformError('CHAT_NOT_FOUND', 'no such group or channel');
      const now = deps.clock.now();
      const mine = memberState(await tx.getMember(chat.pk, person.id), now);
      if (!hasRight(mine, 'can_invite_users')) {
        throw new PlatformError('CHAT_ADMIN_REQUIRED', 'you may not invite users to this chat');
      }
      if (bot) {
        if (!(await supportsJoinRequestQueries(tx, bot.id))) {
          throw new PlatformError('BAD_REQUEST', `@${bot.username} does not support join-request queries`);
        }
        const state = memberState(await tx.getMember(chat.pk, bot.id), now);
        if (!isPresent(state) || !hasRight(state, 'can_invite_users')) {
          throw new PlatformError(
            'CHAT_ADMIN_REQUIRED',
            `@${bot.username} is not an administrator who may invite users`,
          );
        }
      }
      await tx.setSetting(assignedKey(chat.pk), bot ? String(bot.id) : '');
    });
  }

  /** sendChatJoinRequestWebApp: the person is shown the Mini App (HTTPS URL checked by the surface). */
  async showWebApp(botId: number, queryId: string, url: string): Promise<void> {
    const { store, clock } = this.ctx.deps;
    const now = clock.now();
    const row = await store.getJoinRequestQuery(queryId);
    if (!row || row.bot_id !== botId || row.result !== null || row.deadline < now) throw invalid();
    const shown = await store.write(async (tx) =>
      tx.showJoinRequestWebApp(queryId, url, now + JOIN_REQUEST_WEB_APP_TIMEOUT),
    );
    if (!shown) throw invalid();
  }

  /** answerChatJoinRequestQuery: approve (the person joins), decline, or queue for the administrators. */
  async answer(botId: number, queryId: string, result: JoinRequestResult): Promise<void> {
    const { deps, users } = this.ctx;
    const now = deps.clock.now();
    const row = await deps.store.getJoinRequestQuery(queryId);
    if (!row || row.bot_id !== botId) throw invalid();
    const bot = await users.resolve(botId, 'bot');
    const person = await users.resolve(row.user_id, 'user');
    await commit(this.ctx, async (tx, effects) => {
      if (!(await tx.closeJoinRequestQuery(queryId, result, now))) throw invalid();
      const request = await tx.getJoinRequest(row.chat_pk, row.user_id);
      if (!request || result === 'queue') return;
      await tx.deleteJoinRequest(row.chat_pk, row.user_id);
      if (result === 'decline') return;
      const chat = (await tx.getChat(row.chat_pk))!;
      const link = request.invite_link ? await tx.getInviteLink(request.invite_link) : undefined;
      await this.members.join(tx, chat, person, effects, { ...(link ? { link } : {}), approvedBy: bot });
    });
  }

  /** The person opens the Mini App the bot showed for their join request to the chat. */
  async openWebApp(userRef: string, chatRef: string): Promise<OpenedWebApp> {
    const { users, chats, deps } = this.ctx;
    const person = await users.resolve(userRef, 'user');
    // The person is not a member yet: the chat is named by its id or its @username.
    const ref = chatRef.trim();
    const chat = ref.startsWith('@')
      ? await deps.store.getChatByUsername(ref.slice(1))
      : /^-\d+$/.test(ref)
        ? await deps.store.getChatById(Number(ref))
        : undefined;
    if (!chat) throw new PlatformError('CHAT_NOT_FOUND', `no chat "${ref}"`);
    const row = await deps.store.findOpenJoinRequestQuery(chat.pk, person.id);
    if (!row?.web_app_url || row.deadline < deps.clock.now()) {
      throw new PlatformError('BUTTON_NOT_FOUND', 'no Mini App is shown for your join request to this chat');
    }
    const bot = await users.resolve(row.bot_id, 'bot');
    const wire = await chats.render(deps.store, chat, bot.id);
    const initData = await this.webApps.sign(bot, {
      user: JSON.stringify({ ...renderUser(person), allows_write_to_pm: true }),
      chat: JSON.stringify(wire),
      chat_type: chat.type,
      chat_join_request_query_id: row.id,
      auth_date: String(deps.clock.now()),
    });
    return {
      url: row.web_app_url,
      init_data: initData,
      launch_url: this.webApps.launchUrl(row.web_app_url, initData),
      source: 'join_request',
    };
  }
}

function invalid() {
  return new PlatformError('QUERY_INVALID', 'query is too old or query ID is invalid');
}
