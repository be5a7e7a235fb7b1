/**
 * A world in which a bot's calls reach the runner's value checks (issue 25, ADR 0084): a bot that is
 * an administrator with every right in a basic group, a forum supergroup and a channel, a person who
 * wrote to it, a message of the bot's in each chat; and a call's parameters made from a method's
 * declaration. The server keeps its SQLite file on disk, so that a test can read every table of the
 * store before and after a call and show that a refused call changed nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Api } from 'grammy';
import { allRights } from '../../src/platform/chats/chat-rights.js';
import type { ParamDeclaration } from '../../src/bot-api/declared/method-declaration.js';
import { METHOD_DECLARATIONS } from '../../src/bot-api/declared/method-declarations.js';
import type { DeclaredMethodName } from '../../src/bot-api/declared/methods.js';
import { phone, startServer, type TestServer } from './in-process.js';

export interface DeclaredWorld {
  server: TestServer;
  token: string;
  botId: number;
  person: { id: number; phone: string };
  group: number;
  forum: number;
  channel: number;
  /** A message of the bot's in each chat, by chat id. */
  messageIn: ReadonlyMap<number, number>;
  /**
   * What the reference checks before some values (ADR 0100), there for the calls to get past it: a
   * topic of the bot's in the forum, an administrator the bot promoted there, and the person's
   * business connection with the bot.
   */
  topic: number;
  admin: number;
  businessConnection: string;
  /** Every row of every table of the store, as one comparable value. */
  snapshot(): Record<string, unknown[]>;
  close(): Promise<void>;
}

export async function startDeclaredWorld(): Promise<DeclaredWorld> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-declared-'));
  const server = await startServer({ data: dataDir });
  const { control } = server;
  const owner = await control.createUser({ phone_number: phone(), first_name: 'Olga' });
  const member = await control.createUser({ phone_number: phone(), first_name: 'Milo' });
  const bot = await control.createBot({ username: `declared${process.pid % 1000}_bot` });
  await control.sendMessage({ from: member.phone_number, chat: `@${bot.username}`, text: 'hi' });
  const chats: number[] = [];
  for (const [type, title] of [
    ['group', 'Group'],
    ['supergroup', 'Forum'],
    ['channel', 'Channel'],
  ] as const) {
    const chat = await control.createChat({
      owner: owner.id,
      title,
      type,
      forum: title === 'Forum',
      members: type === 'channel' ? [member.id] : [member.id, bot.id],
    });
    await control.promoteChatMember({ by: owner.id, chat: chat.id, user: bot.id, rights: allRights(type) });
    chats.push(chat.id);
  }
  const api = new Api(bot.token, { apiRoot: server.url });
  const messageIn = new Map<number, number>();
  for (const chat of chats) messageIn.set(chat, (await api.sendMessage(chat, 'hello')).message_id);
  const topic = (await api.createForumTopic(chats[1]!, 'Topic')).message_thread_id;
  const admin = await control.createUser({ phone_number: phone(), first_name: 'Ada' });
  await control.addChatMember({ by: owner.id, chat: chats[1]!, user: admin.id });
  await api.promoteChatMember(chats[1]!, admin.id, { can_pin_messages: true });
  const connection = await control.connectBusinessBot({ user: member.id, bot: bot.id, can_reply: true });
  const db = new Database(path.join(dataDir, 'parley.sqlite'), { readonly: true, fileMustExist: true });
  const tables = (
    db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as {
      name: string;
    }[]
  )
    .map((row) => row.name)
    // The timeline records every call, a refused one too (ADR 0099): a log of the calls, not the
    // world a refused call must leave as it was.
    .filter((name) => name !== 'timeline_events');
  return {
    server,
    token: bot.token,
    botId: bot.id,
    person: { id: member.id, phone: member.phone_number },
    group: chats[0]!,
    forum: chats[1]!,
    channel: chats[2]!,
    messageIn,
    topic,
    admin: admin.id,
    businessConnection: connection.id,
    snapshot: () =>
      Object.fromEntries(tables.map((table) => [table, db.prepare(`SELECT * FROM "${table}"`).all()])),
    async close() {
      db.close();
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The chat a method's call is aimed at in the world: the forum, unless the method is a channel's. */
export function chatFor(world: DeclaredWorld, method: DeclaredMethodName): number {
  return CHANNEL_METHODS.has(method) ? world.channel : world.forum;
}

const CHANNEL_METHODS = new Set<DeclaredMethodName>(['approveSuggestedPost', 'declineSuggestedPost']);

/** A value of the parameter's declared type that is within its limits. */
export function plausibleValue(
  world: DeclaredWorld,
  method: DeclaredMethodName,
  param: ParamDeclaration,
): unknown {
  const chat = chatFor(world, method);
  if (param.oneOf) return param.oneOf[0];
  switch (param.name) {
    case 'chat_id':
    case 'from_chat_id':
      return chat;
    case 'user_id':
      return method === 'setChatAdministratorCustomTitle' ? world.admin : world.person.id;
    case 'message_thread_id':
      return world.topic;
    case 'business_connection_id':
      return world.businessConnection;
    case 'message_id':
      return world.messageIn.get(chat);
    case 'message_ids':
      return [world.messageIn.get(chat)];
  }
  const type = param.types[0]!;
  if (type === 'Integer') return param.range?.min ?? 1;
  if (type === 'Float') return param.range?.min ?? 1;
  if (type === 'Boolean') return true;
  if (type === 'String' || type === 'InputFile')
    return param.length ? 'x'.repeat(Math.max(1, param.length.min)) : 'x';
  if (type.startsWith('Array of')) {
    const item = type === 'Array of Integer' ? 1 : type === 'Array of String' ? 'x' : {};
    return Array.from({ length: param.items?.min ?? 0 }, () => item);
  }
  return {};
}

/** Every required parameter of the method with a plausible value, less `omit`, plus `extra`. */
export function callOf(
  world: DeclaredWorld,
  method: DeclaredMethodName,
  omit?: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const param of METHOD_DECLARATIONS[method].params) {
    if (param.required && param.name !== omit) params[param.name] = plausibleValue(world, method, param);
  }
  return { ...params, ...extra };
}

/** The declared limits a parameter states, each with a value that breaks it. */
export function breakingValues(param: ParamDeclaration): { limit: string; value: unknown }[] {
  const found: { limit: string; value: unknown }[] = [];
  if (param.length)
    found.push({ limit: `length ${param.length.max}`, value: 'x'.repeat(param.length.max + 1) });
  if (param.range) {
    const { min, max } = param.range;
    found.push(
      max !== undefined
        ? { limit: `range max ${max}`, value: max + 1 }
        : { limit: `range min ${min}`, value: min! - 1 },
    );
  }
  if (param.oneOf) {
    found.push({ limit: 'oneOf', value: typeof param.oneOf[0] === 'number' ? 123457 : 'not-one-of-them' });
  }
  if (param.items) {
    const item = param.types[0] === 'Array of Integer' ? 1 : param.types[0] === 'Array of String' ? 'x' : {};
    found.push({
      limit: `items ${param.items.max}`,
      value: Array.from({ length: param.items.max + 1 }, () => item),
    });
  }
  if (param.nonZero) found.push({ limit: 'nonZero', value: 0 });
  if (param.pattern) found.push({ limit: 'pattern', value: 'a b' });
  return found;
}
