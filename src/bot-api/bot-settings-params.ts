/**
 * Parameters of the bot-settings methods: BotCommandScope, language_code and the commands list,
 * read with the reference's error texts.
 */
import { botApiError } from './errors.js';
import type { MethodContext } from './method-context.js';
import type { BotCommand, CommandScope } from '../platform/users/bot-settings.js';
import { PlatformError } from '../platform/core/errors.js';

const SIMPLE_SCOPES = new Set(['default', 'all_private_chats', 'all_group_chats', 'all_chat_administrators']);
const MAX_COMMANDS = 100;

const scopeError = (detail: string) => botApiError('UNPARSABLE', { object: 'BotCommandScope', detail });
const commandError = (detail: string) => botApiError('UNPARSABLE', { object: 'BotCommand', detail });

/** language_code: empty or two lower-case letters. */
export function readLanguage({ params }: MethodContext): string {
  const language = params.string('language_code') ?? '';
  if (language !== '' && !/^[a-z]{2}$/.test(language)) throw botApiError('LANGUAGE_CODE_INVALID');
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
    throw botApiError('JSON_UNPARSABLE', { object: 'BotCommandScope' });
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
  if (chat.type === 'private' && type !== 'chat') throw botApiError('SCOPE_IN_PRIVATE_CHAT');
  if (chat.type === 'channel') throw botApiError('COMMANDS_IN_CHANNEL');
  return type === 'chat_member' ? { type, chat, userId } : { type, chat };
}

async function chatOfScope({ platform, botId }: MethodContext, chatId: unknown) {
  const { store } = platform.deps;
  const bot = await platform.users.resolve(botId, 'bot');
  let id: number;
  if (typeof chatId === 'string' && chatId.startsWith('@')) {
    const chat = await store.getChatByUsername(chatId.slice(1));
    if (!chat || chat.id === null) throw botApiError('CHAT_NOT_FOUND');
    id = chat.id;
  } else if (/^-?\d+$/.test(String(chatId))) id = Number(chatId);
  else throw scopeError('Field "chat_id" must be a valid Number');
  try {
    return await platform.chats.resolveForViewer(store, bot, id);
  } catch (error) {
    if (error instanceof PlatformError) throw botApiError('CHAT_NOT_FOUND');
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
    throw botApiError('JSON_UNPARSABLE', { object: 'commands' });
  }
  if (!Array.isArray(value)) throw botApiError('COMMANDS_NOT_AN_ARRAY');
  if (value.length > MAX_COMMANDS) throw botApiError('BOT_COMMANDS_TOO_MUCH');
  const commands = value.map((item: unknown) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      throw commandError('Object expected');
    }
    const entry = item as Record<string, unknown>;
    for (const field of ['command', 'description']) {
      if (entry[field] === undefined) throw commandError(`Can't find field "${field}"`);
      if (typeof entry[field] !== 'string' && typeof entry[field] !== 'number') {
        throw commandError(`Field "${field}" must be of type String`);
      }
    }
    const command = String(entry.command).trim().replace(/^\//, '');
    const description = String(entry.description).trim();
    if (command === '') throw botApiError('COMMAND_EMPTY');
    if ([...command].length > 32) throw botApiError('COMMAND_TOO_LONG');
    if (description === '') throw botApiError('COMMAND_DESCRIPTION_EMPTY');
    if ([...description].length > 256) throw botApiError('COMMAND_DESCRIPTION_TOO_LONG');
    // Bot API 10.2 (ADR 0076): kept and returned; only true is kept, as the reference's optional flags.
    if (entry.is_ephemeral !== undefined && typeof entry.is_ephemeral !== 'boolean') {
      throw commandError('Field "is_ephemeral" must be of type Boolean');
    }
    return { command, description, ...(entry.is_ephemeral === true ? { is_ephemeral: true } : {}) };
  });
  // The server checks the names after TDLib has checked every item (the texts above are TDLib's).
  if (!commands.every(({ command }) => COMMAND_NAME.test(command))) {
    throw botApiError('BOT_COMMAND_INVALID');
  }
  return commands;
}
