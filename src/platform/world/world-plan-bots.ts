/**
 * A bot of a world file as the rows and settings an import writes (ADR 0102): its user and bot rows
 * (the token kept when given), its webhook checked as setWebhook checks it (the address resolved
 * now: a write does no I/O), and its settings under the keys bot-settings.ts and the other features
 * read. Settings that name a chat (commands of a chat scope, a private chat's menu button) name it by
 * its target, since a chat of the file has no pk until it is written.
 */
import type { BotRow, UserRow } from '../../storage/store.js';
import type { Platform } from '../assembly/platform.js';
import { normalizeRights } from '../chats/chat-rights.js';
import { inlinePlaceholderKey } from '../users/users.js';
import { UPDATE_ID_START } from '../updates/update-ids.js';
import { DEFAULT_MAX_CONNECTIONS } from '../updates/webhooks.js';
import { checkTarget, parseWebhookUrl, TargetRejected } from '../updates/webhook-target.js';
import { guestQueriesKey } from '../guest/guest-queries.js';
import { joinRequestQueriesKey } from '../web-apps/join-request-queries.js';
import type { WorldProblems } from './world-checker.js';
import type { ChatTarget, PlannedBot, PlannedChat, PlannedSetting } from './world-rows.js';
import type { WorldUsers } from './world-refs.js';
import type { WorldPath } from './world-source.js';
import type { WorldBot, WorldCommands, WorldRef } from './world-types.js';

export interface BotPlanContext {
  users: WorldUsers;
  chats: PlannedChat[];
  problems: WorldProblems;
  now: number;
}

export async function planBot(
  platform: Platform,
  input: WorldBot,
  path: WorldPath,
  id: number,
  ctx: BotPlanContext,
): Promise<PlannedBot> {
  const { random } = platform.deps;
  const secret = input.token ? input.token.slice(input.token.indexOf(':') + 1) : `AA${random.token(33)}`;
  const bot: BotRow = {
    id,
    token_secret: secret,
    can_join_groups: input.can_join_groups ?? true,
    can_read_all_group_messages: input.can_read_all_group_messages ?? false,
    supports_inline_queries: input.supports_inline_queries ?? false,
    logged_out_until: 0,
    last_update_id: random.int(...UPDATE_ID_START) - 1,
    last_update_at: 0,
    allowed_updates: input.allowed_updates?.length ? JSON.stringify(input.allowed_updates) : null,
    webhook_url: '',
    webhook_secret: null,
    webhook_max_connections: DEFAULT_MAX_CONNECTIONS,
    webhook_ip_address: null,
    webhook_ip_fixed: false,
    webhook_certificate: null,
    webhook_set_at: null,
    last_error_date: null,
    last_error_message: null,
    last_sync_error_date: null,
  };
  if (input.webhook) await planWebhook(platform, input.webhook, [...path, 'webhook'], bot, ctx);
  const user: UserRow = {
    id,
    is_bot: true,
    first_name: input.first_name ?? input.name ?? input.username,
    last_name: null,
    username: input.username,
    phone_number: null,
    language_code: null,
    created_at: ctx.now,
  };
  const settings: PlannedSetting[] = [];
  const set = (key: string, value: string) => settings.push({ key: `bot:${id}:${key}`, value });
  if (input.inline_placeholder !== undefined) {
    if (!bot.supports_inline_queries) {
      ctx.problems.add([...path, 'inline_placeholder'], 'needs supports_inline_queries');
    }
    settings.push({ key: inlinePlaceholderKey(id), value: input.inline_placeholder.trim() });
  }
  if (input.supports_guest_queries) settings.push({ key: guestQueriesKey(id), value: '1' });
  if (input.supports_join_request_queries) settings.push({ key: joinRequestQueriesKey(id), value: '1' });
  const texts = [['', input] as const, ...Object.entries(input.translations ?? {})];
  for (const [language, given] of texts) {
    for (const setting of ['name', 'description', 'short_description'] as const) {
      const value = given[setting];
      if (value !== undefined && value !== '') set(`${setting}:${language}`, value);
    }
  }
  for (const [i, list] of (input.commands ?? []).entries()) {
    await planCommands(id, list, [...path, 'commands', i], settings, ctx);
  }
  if (input.menu_button && input.menu_button.type !== 'default') {
    set('menu_button:default', JSON.stringify(input.menu_button));
  }
  for (const [i, { user: ref, menu_button: button }] of (input.chat_menu_buttons ?? []).entries()) {
    const at = [...path, 'chat_menu_buttons', i, 'user'];
    const target = await privateChatTarget(id, ref, at, ctx);
    if (target && button.type !== 'default') {
      settings.push({
        chat: target,
        keyOf: (pk) => `bot:${id}:menu_button:${pk}`,
        value: JSON.stringify(button),
      });
    }
  }
  const rights = input.default_administrator_rights ?? {};
  for (const [kind, type] of [
    ['groups', 'supergroup'],
    ['channels', 'channel'],
  ] as const) {
    const normalized = rights[kind] && normalizeRights(rights[kind], type);
    if (normalized) set(`default_admin_rights:${kind}`, JSON.stringify(normalized));
  }
  return { user, bot, token: `${id}:${secret}`, settings };
}

async function planWebhook(
  platform: Platform,
  webhook: NonNullable<WorldBot['webhook']>,
  path: WorldPath,
  bot: BotRow,
  ctx: BotPlanContext,
): Promise<void> {
  const { config, lookup } = platform.deps;
  const url = parseWebhookUrl(webhook.url);
  if (!url) return ctx.problems.add([...path, 'url'], 'is not a valid webhook URL');
  try {
    const { ip } = await checkTarget(url, config.profile, webhook.ip_address, lookup);
    bot.webhook_url = webhook.url;
    bot.webhook_secret = webhook.secret_token ?? null;
    bot.webhook_ip_address = ip;
    bot.webhook_ip_fixed = webhook.ip_address !== undefined;
    bot.webhook_set_at = ctx.now;
    bot.webhook_max_connections = webhook.max_connections ?? DEFAULT_MAX_CONNECTIONS;
  } catch (error) {
    if (!(error instanceof TargetRejected)) throw error;
    ctx.problems.add([...path, webhook.ip_address === undefined ? 'url' : 'ip_address'], error.message);
  }
}

async function planCommands(
  botId: number,
  list: WorldCommands,
  path: WorldPath,
  settings: PlannedSetting[],
  ctx: BotPlanContext,
): Promise<void> {
  const language = list.language_code ?? '';
  const value = JSON.stringify(list.commands);
  if (list.commands.length === 0) return;
  const scope = list.scope ?? { type: 'default' };
  const prefix = `bot:${botId}:commands:`;
  if (scope.chat === undefined) {
    settings.push({ key: `${prefix}${scope.type}:${language}`, value });
    return;
  }
  const target = await chatTarget(botId, scope.chat, [...path, 'scope', 'chat'], ctx);
  if (!target) return;
  if (scope.type !== 'chat_member') {
    settings.push({ chat: target, keyOf: (pk) => `${prefix}${scope.type}:${pk}:${language}`, value });
    return;
  }
  const member = await ctx.users.resolve(scope.user);
  if (!member) {
    ctx.problems.add(
      [...path, 'scope', 'user'],
      `no user or bot ${String(scope.user)} in the file or the workspace`,
    );
    return;
  }
  settings.push({
    chat: target,
    keyOf: (pk) => `${prefix}chat_member:${pk}:${member.id}:${language}`,
    value,
  });
}

/**
 * The chat a scope names as the bot names it: a group's id or a public chat's `@username` (in the
 * file, then the workspace), else the private chat with the user the reference names.
 */
async function chatTarget(
  botId: number,
  ref: WorldRef,
  path: WorldPath,
  ctx: BotPlanContext,
): Promise<ChatTarget | undefined> {
  const text = String(ref);
  const { store } = ctx.users;
  if (/^-\d+$/.test(text) || (text.startsWith('@') && !(await ctx.users.resolve(text)))) {
    const byUsername = text.startsWith('@') ? text.slice(1).toLowerCase() : undefined;
    const index = ctx.chats.findIndex((chat) =>
      byUsername === undefined
        ? chat.row.id === Number(text)
        : chat.row.username?.toLowerCase() === byUsername,
    );
    if (index >= 0) return { index };
    const row =
      byUsername === undefined
        ? await store.getChatById(Number(text))
        : await store.getChatByUsername(byUsername);
    if (row) return { pk: row.pk };
    ctx.problems.add(path, `no chat ${text} in the file or the workspace`);
    return undefined;
  }
  return privateChatTarget(botId, ref, path, ctx);
}

async function privateChatTarget(
  botId: number,
  ref: WorldRef,
  path: WorldPath,
  ctx: BotPlanContext,
): Promise<ChatTarget | undefined> {
  const user = await ctx.users.resolve(ref);
  if (!user) {
    ctx.problems.add(path, `no user ${String(ref)} in the file or the workspace`);
    return undefined;
  }
  const [a, b] = botId < user.id ? [botId, user.id] : [user.id, botId];
  const index = ctx.chats.findIndex((chat) => chat.row.user_a === a && chat.row.user_b === b);
  if (index >= 0) return { index };
  const row = await ctx.users.store.getPrivateChat(a, b);
  if (row) return { pk: row.pk };
  ctx.problems.add(path, `the bot has no private chat with ${String(ref)} in the file or the workspace`);
  return undefined;
}
