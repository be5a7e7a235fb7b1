/**
 * The world of a workspace as a world file (ADR 0102): its people with their devices, its bots with
 * their tokens, settings, commands and webhooks, its chats with their members and rights, its gateway
 * accounts, and, when asked, its messages. Read in one view of the store (`Store.read`): a world that
 * changes meanwhile is exported as it was when the export began, never half-way through a change.
 * What the file leaves out is listed in ADR 0102.
 */
import type { BotRow, ChatRow, MemberRow, StoreView, UserRow } from '../../storage/store.js';
import type { Platform } from '../assembly/platform.js';
import type { MemberData } from '../chats/chat-rights.js';
import { toCredits } from '../gateway/money.js';
import { exportTopicsAndLinks } from './world-export-topics-links.js';
import { refOf } from './world-refs.js';
import type {
  WorldBot,
  WorldChat,
  WorldCommands,
  WorldFile,
  WorldGatewayAccount,
  WorldMember,
  WorldMessage,
  WorldPerson,
  WorldReaction,
  WorldRef,
  WorldScopeType,
} from './world-types.js';

/** Most of each kind an export reads; a world beyond them is cut (said in ADR 0102). */
export const EXPORT_LIMIT = 100_000;
/** Message contents that point at stored files, polls or other rows an export does not carry. */
const UNPORTABLE = ['poll', 'checklist', 'invoice', 'game', 'giveaway', 'story', 'paid_media', 'sticker'];
const STATUS_ORDER = ['creator', 'administrator', 'member', 'restricted', 'left', 'kicked'];

export interface ExportOptions {
  messages?: boolean;
}

export async function exportWorld(platform: Platform, options: ExportOptions = {}): Promise<WorldFile> {
  const { publicUrl } = platform.deps.config;
  return platform.deps.store.read((view) => exportView(view, options, publicUrl));
}

async function exportView(
  store: StoreView,
  options: ExportOptions,
  publicUrl: string | undefined,
): Promise<WorldFile> {
  const people = await store.listPeople(EXPORT_LIMIT);
  const botUsers = await store.listBots(EXPORT_LIMIT);
  const users = new Map<number, UserRow>([...people, ...botUsers].map((u) => [u.id, u]));
  const ref = (id: number): WorldRef => {
    const user = users.get(id);
    return user ? refOf(user) : id;
  };
  const chats: ChatRow[] = [];
  for (let after = 0; chats.length < EXPORT_LIMIT;) {
    const page = await store.listChatsAfter(after, 1000);
    if (page.length === 0) break;
    chats.push(...page.filter((chat) => chat.parent_pk === null || chat.parent_pk === undefined));
    after = page.at(-1)!.pk;
  }
  const chatsByPk = new Map(chats.map((chat) => [chat.pk, chat]));
  const file: WorldFile = { version: 1, people: [], bots: [], chats: [], gateway_accounts: [] };
  for (const person of people) file.people!.push(await exportPerson(store, person));
  for (const user of botUsers) {
    const bot = await store.getBot(user.id);
    if (bot) file.bots!.push(await exportBot(store, user, bot, chatsByPk, ref));
  }
  for (const chat of chats) {
    const out = await exportChat(store, chat, ref, options.messages === true);
    await exportTopicsAndLinks(store, chat, out, ref, publicUrl);
    file.chats!.push(out);
  }
  for (const id of await store.gateway.listAccountIds(EXPORT_LIMIT)) {
    const account = await store.gateway.getAccount(id);
    if (!account) continue;
    const out: WorldGatewayAccount = {
      owner: ref(account.owner_user_id),
      balance: toCredits(account.balance),
      default_price: toCredits(account.default_price),
    };
    const prices = await store.gateway.listPrices(id);
    if (prices.length > 0) out.prices = Object.fromEntries(prices.map((p) => [p.prefix, toCredits(p.price)]));
    file.gateway_accounts!.push(out);
  }
  return file;
}

async function exportPerson(store: StoreView, user: UserRow): Promise<WorldPerson> {
  const person: WorldPerson = {
    id: user.id,
    phone_number: user.phone_number ?? '',
    first_name: user.first_name,
  };
  if (user.last_name) person.last_name = user.last_name;
  if (user.username) person.username = user.username;
  if (user.language_code) person.language_code = user.language_code;
  const devices = await store.gateway.listDevices(user.id);
  if (devices.length > 0) {
    person.devices = devices.map(({ name, online, receipt_delay, read_delay }) => ({
      name,
      online,
      receipt_delay,
      read_delay,
    }));
  }
  return person;
}

async function exportBot(
  store: StoreView,
  user: UserRow,
  bot: BotRow,
  chats: Map<number, ChatRow>,
  ref: (id: number) => WorldRef,
): Promise<WorldBot> {
  const out: WorldBot = {
    id: user.id,
    token: `${user.id}:${bot.token_secret}`,
    username: user.username ?? '',
    first_name: user.first_name,
    can_join_groups: bot.can_join_groups,
    can_read_all_group_messages: bot.can_read_all_group_messages,
    supports_inline_queries: bot.supports_inline_queries,
  };
  if (bot.allowed_updates) out.allowed_updates = JSON.parse(bot.allowed_updates) as string[];
  if (bot.webhook_url !== '') {
    out.webhook = { url: bot.webhook_url, max_connections: bot.webhook_max_connections };
    if (bot.webhook_secret) out.webhook.secret_token = bot.webhook_secret;
    if (bot.webhook_ip_fixed && bot.webhook_ip_address) out.webhook.ip_address = bot.webhook_ip_address;
  }
  // Where a chat's pk stands in a key, the file names the chat as the bot does.
  const chatRef = (pk: number): WorldRef | undefined => {
    const chat = chats.get(pk);
    if (!chat) return undefined;
    if (chat.type !== 'private') return chat.id!;
    return ref(chat.user_a === user.id ? chat.user_b! : chat.user_a!);
  };
  const prefix = `bot:${user.id}:`;
  const settings = (await store.listSettingsWithPrefix(prefix))
    .filter((s) => s.value !== '')
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  for (const { key, value } of settings) readSetting(out, key.slice(prefix.length), value, chatRef, ref);
  return out;
}

/** One setting of the bot into the file's fields; settings of no field here are left out (ADR 0102). */
function readSetting(
  out: WorldBot,
  key: string,
  value: string,
  chatRef: (pk: number) => WorldRef | undefined,
  ref: (id: number) => WorldRef,
): void {
  const parts = key.split(':');
  const [name] = parts;
  if (name === 'inline_placeholder') out.inline_placeholder = value;
  else if (name === 'supports_guest_queries') out.supports_guest_queries = value === '1';
  else if (name === 'supports_join_request_queries') out.supports_join_request_queries = value === '1';
  else if (
    (name === 'name' || name === 'description' || name === 'short_description') &&
    parts.length === 2
  ) {
    const language = parts[1]!;
    if (language === '') out[name] = value;
    else ((out.translations ??= {})[language] ??= {})[name] = value;
  } else if (name === 'menu_button' && parts[1] === 'default')
    out.menu_button = JSON.parse(value) as WorldBot['menu_button'];
  else if (name === 'menu_button') {
    const user = chatRef(Number(parts[1]));
    if (user !== undefined) {
      (out.chat_menu_buttons ??= []).push({
        user,
        menu_button: JSON.parse(value) as NonNullable<WorldBot['menu_button']>,
      });
    }
  } else if (name === 'default_admin_rights' && (parts[1] === 'groups' || parts[1] === 'channels')) {
    (out.default_administrator_rights ??= {})[parts[1]] = JSON.parse(value) as MemberData['rights'] & object;
  } else if (name === 'commands') {
    const list = commandsOf(parts.slice(1), value, chatRef, ref);
    if (list) (out.commands ??= []).push(list);
  }
}

/** `commands:<scope>[:<chat pk>[:<user id>]]:<language>` as a list of the file. */
function commandsOf(
  parts: string[],
  value: string,
  chatRef: (pk: number) => WorldRef | undefined,
  ref: (id: number) => WorldRef,
): WorldCommands | undefined {
  const type = parts[0] as WorldScopeType;
  const language = parts.at(-1)!;
  const list: WorldCommands = { scope: { type }, commands: JSON.parse(value) as WorldCommands['commands'] };
  if (language !== '') list.language_code = language;
  if (type === 'chat' || type === 'chat_administrators' || type === 'chat_member') {
    const chat = chatRef(Number(parts[1]));
    if (chat === undefined) return undefined;
    list.scope!.chat = chat;
    if (type === 'chat_member') list.scope!.user = ref(Number(parts[2]));
  }
  if (type === 'default') delete list.scope;
  return list;
}

async function exportChat(
  store: StoreView,
  chat: ChatRow,
  ref: (id: number) => WorldRef,
  withMessages: boolean,
): Promise<WorldChat> {
  const out: WorldChat = { type: chat.type };
  if (chat.type !== 'private') {
    out.id = chat.id!;
    out.title = chat.title ?? '';
    if (chat.username) out.username = chat.username;
    if (chat.description) out.description = chat.description;
    if (chat.permissions) out.permissions = JSON.parse(chat.permissions) as WorldChat['permissions'];
    if (chat.is_forum) out.is_forum = true;
  }
  const members = (await store.listMembers(chat.pk)).sort(
    (a, b) => STATUS_ORDER.indexOf(a.status) - STATUS_ORDER.indexOf(b.status) || a.user_id - b.user_id,
  );
  out.members = members.map((member) => memberOf(member, ref));
  if (withMessages) {
    const messages: WorldMessage[] = [];
    const rows = await store.listMessages(chat.pk, { limit: EXPORT_LIMIT });
    const pinned = new Set(await store.listPinnedMessages(chat.pk));
    const reactions = await reactionsOf(store, chat.pk, rows, ref);
    for (const row of rows) {
      if (row.body.includes('"file_id"')) continue;
      const content = JSON.parse(row.body) as Record<string, unknown>;
      if (UNPORTABLE.some((key) => key in content)) continue;
      const message: WorldMessage = { id: row.message_id, date: row.date, content };
      if (row.sender_id !== null) message.from = ref(row.sender_id);
      if (row.edit_date !== null) message.edit_date = row.edit_date;
      if (pinned.has(row.message_id)) message.pinned = true;
      const reacted = reactions.get(row.message_id);
      if (reacted) message.reactions = reacted;
      messages.push(message);
    }
    if (messages.length > 0) out.messages = messages;
  }
  return out;
}

/** The reactions to the chat's messages, by message id, each message's by user id. */
async function reactionsOf(
  store: StoreView,
  chatPk: number,
  rows: Array<{ message_id: number }>,
  ref: (id: number) => WorldRef,
): Promise<Map<number, WorldReaction[]>> {
  const byMessage = new Map<number, WorldReaction[]>();
  if (rows.length === 0) return byMessage;
  let [low, high] = [Infinity, 0];
  for (const { message_id: id } of rows) [low, high] = [Math.min(low, id), Math.max(high, id)];
  const found = await store.listReactionsBetween(chatPk, low, high);
  found.sort((a, b) => a.message_id - b.message_id || a.user_id - b.user_id);
  for (const row of found) {
    if (row.reaction === '[]') continue;
    const reaction: WorldReaction = {
      user: ref(row.user_id),
      reaction: JSON.parse(row.reaction) as WorldReaction['reaction'],
    };
    if (row.is_big) reaction.is_big = true;
    const list = byMessage.get(row.message_id) ?? [];
    list.push(reaction);
    byMessage.set(row.message_id, list);
  }
  return byMessage;
}

function memberOf(row: MemberRow, ref: (id: number) => WorldRef): WorldMember {
  const data = JSON.parse(row.data) as MemberData;
  const member: WorldMember = { user: ref(row.user_id), status: row.status };
  if (data.rights && Object.keys(data.rights).length > 0) member.rights = data.rights;
  if (data.custom_title !== undefined) member.custom_title = data.custom_title;
  if (data.is_anonymous !== undefined) member.is_anonymous = data.is_anonymous;
  if (data.promoted_by !== undefined) member.promoted_by = ref(data.promoted_by);
  if (data.permissions) member.permissions = data.permissions;
  if (data.is_member !== undefined) member.is_member = data.is_member;
  if (data.until_date !== undefined) member.until_date = data.until_date;
  return member;
}
