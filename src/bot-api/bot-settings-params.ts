/**
 * Parameters of the bot-settings methods: BotCommandScope, language_code and the commands list,
 * read with the reference's error texts.
 */
import { BotApiError } from './errors.js';
import type { MethodContext } from './method-context.js';
import type { BotCommand, CommandScope } from '../platform/bot-settings.js';
import { PlatformError } from '../platform/errors.js';

const SIMPLE_SCOPES = new Set(['default', 'all_private_chats', 'all_group_chats', 'all_chat_administrators']);
const MAX_COMMANDS = 100;

const scopeError = (text: string) => BotApiError.badRequest(`can't parse BotCommandScope: ${text}`);

/** language_code: empty or two lower-case letters. */
export function readLanguage({ params }: MethodContext): string {
  const language = params.string('language_code') ?? '';
  if (language !== '' && !/^[a-z]{2}$/.test(language))
    throw BotApiError.badRequest('invalid language code specified');
  return language;
}

/** The `scope` parameter, resolved to the chat it names as the bot sees it. */
export async function readScope(ctx: MethodContext): Promise<CommandScope> {
  const text = ctx.params.json('scope');
  if (text === undefined) return { type: 'default' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw BotApiError.badRequest("can't parse BotCommandScope JSON object");
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw scopeError('Object expected');
  const scope = value as Record<string, unknown>;
  if (scope.type === undefined) throw scopeError('Can\'t find field "type"');
  const type = String(scope.type);
  if (SIMPLE_SCOPES.has(type)) return { type: type as 'default' };
  if (type !== 'chat' && type !== 'chat_administrators' && type !== 'chat_member') {
    throw scopeError('Unsupported type specified');
  }
  if (scope.chat_id === undefined || scope.chat_id === '') throw scopeError('Can\'t find field "chat_id"');
  let userId = 0;
  if (type === 'chat_member') {
    if (scope.user_id === undefined) throw scopeError('Can\'t find field "user_id"');
    if (!/^-?\d+$/.test(String(scope.user_id))) throw scopeError('Field "user_id" must be a valid Number');
    userId = Number(scope.user_id);
    if (userId <= 0) throw scopeError('Invalid user_id specified');
  }
  const chat = await chatOfScope(ctx, scope.chat_id);
  if (chat.type === 'private' && type !== 'chat')
    throw BotApiError.badRequest("can't use specified scope in private chats");
  if (chat.type === 'channel') throw BotApiError.badRequest("can't change commands in channel chats");
  return type === 'chat_member' ? { type, chat, userId } : { type, chat };
}

async function chatOfScope({ platform, botId }: MethodContext, chatId: unknown) {
  const { store } = platform.deps;
  const bot = await platform.users.resolve(botId, 'bot');
  let id: number;
  if (typeof chatId === 'string' && chatId.startsWith('@')) {
    const chat = await store.getChatByUsername(chatId.slice(1));
    if (!chat || chat.id === null) throw BotApiError.badRequest('chat not found');
    id = chat.id;
  } else if (/^-?\d+$/.test(String(chatId))) id = Number(chatId);
  else throw scopeError('Field "chat_id" must be a valid Number');
  try {
    return await platform.chats.resolveForViewer(store, bot, id);
  } catch (error) {
    if (error instanceof PlatformError) throw BotApiError.badRequest('chat not found');
    throw error;
  }
}

/** A command name: 1-32 lowercase letters, digits and underscores (spec BotCommand). */
const COMMAND_NAME = /^[a-z0-9_]{1,32}$/;

/** The `commands` parameter: trimmed, leading '/' removed, with the reference's limits. */
export function readCommands({ params }: MethodContext): BotCommand[] {
  const text = params.json('commands');
  if (text === undefined) return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw BotApiError.badRequest("can't parse commands JSON object");
  }
  if (!Array.isArray(value)) throw BotApiError.badRequest('Field "commands" must be of type Array');
  if (value.length > MAX_COMMANDS) throw BotApiError.badRequest('BOT_COMMANDS_TOO_MUCH');
  const commands = value.map((item: unknown) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      throw BotApiError.badRequest("can't parse BotCommand: Object expected");
    }
    const entry = item as Record<string, unknown>;
    for (const field of ['command', 'description']) {
      if (entry[field] === undefined)
        throw BotApiError.badRequest(`can't parse BotCommand: Can't find field "${field}"`);
      if (typeof entry[field] !== 'string' && typeof entry[field] !== 'number') {
        throw BotApiError.badRequest(`can't parse BotCommand: Field "${field}" must be of type String`);
      }
    }
    const command = String(entry.command).trim().replace(/^\//, '');
    const description = String(entry.description).trim();
    if (command === '') throw BotApiError.badRequest('command must be non-empty');
    if ([...command].length > 32) throw BotApiError.badRequest('command length must not exceed 32');
    if (description === '') throw BotApiError.badRequest('command description must be non-empty');
    if ([...description].length > 256)
      throw BotApiError.badRequest('command description length must not exceed 256');
    return { command, description };
  });
  // The server checks the names after TDLib has checked every item (the texts above are TDLib's).
  if (!commands.every(({ command }) => COMMAND_NAME.test(command))) {
    throw BotApiError.badRequest('BOT_COMMAND_INVALID');
  }
  return commands;
}
