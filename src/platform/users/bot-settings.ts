/**
 * A bot's own settings: command lists per scope and language with the narrow-to-wide lookup, its
 * name, description and short description per language, its menu button and its default
 * administrator rights for groups and for channels. Kept in the settings table under `bot:<id>:...`
 * keys; an empty value means "not set".
 */
import type { MenuButton } from '../../wire/bot-api-types.js';
import { normalizeRights, type AdminRights } from '../core/admin-rights.js';
import { PlatformError } from '../core/errors.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { ChatRow } from '../../storage/store.js';
import type { SettingsReader } from '../../storage/ports/settings.js';

export interface BotCommand {
  command: string;
  description: string;
  /** Bot API 10.2: a person sends this command as an ephemeral message (ADR 0076); kept and returned. */
  is_ephemeral?: boolean;
}

/** A command scope resolved to the chat it names (by pk) and the member, where it names them. */
export type CommandScope =
  | { type: 'default' | 'all_private_chats' | 'all_group_chats' | 'all_chat_administrators' }
  | { type: 'chat' | 'chat_administrators'; chat: ChatRow }
  | { type: 'chat_member'; chat: ChatRow; userId: number };

export type TextSetting = 'name' | 'description' | 'short_description';

export const TEXT_LIMITS: Record<TextSetting, number> = {
  name: 64,
  description: 512,
  short_description: 120,
};

function scopeKey(scope: CommandScope): string {
  switch (scope.type) {
    case 'chat':
    case 'chat_administrators':
      return `${scope.type}:${scope.chat.pk}`;
    case 'chat_member':
      return `chat_member:${scope.chat.pk}:${scope.userId}`;
    default:
      return scope.type;
  }
}

function defaultRightsKey(botId: number, forChannels: boolean): string {
  return `bot:${botId}:default_admin_rights:${forChannels ? 'channels' : 'groups'}`;
}

/**
 * The bot's default administrator rights for groups and supergroups or for channels (spec
 * setMyDefaultAdministratorRights); {} when none are set. Read inside a write too (promotions).
 */
export async function readDefaultRights(
  reader: SettingsReader,
  botId: number,
  forChannels: boolean,
): Promise<AdminRights> {
  const value = await reader.getSetting(defaultRightsKey(botId, forChannels));
  return value ? (JSON.parse(value) as AdminRights) : {};
}

export class BotSettings {
  constructor(private readonly deps: PlatformDeps) {}

  #commandsKey(botId: number, scope: CommandScope, language: string): string {
    return `bot:${botId}:commands:${scopeKey(scope)}:${language}`;
  }

  async setCommands(
    botId: number,
    scope: CommandScope,
    language: string,
    commands: BotCommand[],
  ): Promise<void> {
    const key = this.#commandsKey(botId, scope, language);
    const value = commands.length === 0 ? '' : JSON.stringify(commands);
    await this.deps.store.write(async (tx) => tx.setSetting(key, value));
  }

  /** Exactly the list set for this scope and language (no fallback), or []. */
  async getCommands(botId: number, scope: CommandScope, language: string): Promise<BotCommand[]> {
    const value = await this.deps.store.getSetting(this.#commandsKey(botId, scope, language));
    return value ? (JSON.parse(value) as BotCommand[]) : [];
  }

  /**
   * The commands a user sees in a chat: the first list set, from the narrowest scope to the widest
   * (spec §2 BotCommandScope), each scope in the user's language first, then for all languages.
   */
  async commandsFor(botId: number, chat: ChatRow, userId: number, isAdmin: boolean, language: string | null) {
    const scopes: CommandScope[] =
      chat.type === 'private'
        ? [{ type: 'chat', chat }, { type: 'all_private_chats' }, { type: 'default' }]
        : [
            { type: 'chat_member', chat, userId },
            ...(isAdmin ? [{ type: 'chat_administrators' as const, chat }] : []),
            { type: 'chat', chat },
            ...(isAdmin ? [{ type: 'all_chat_administrators' as const }] : []),
            { type: 'all_group_chats' },
            { type: 'default' },
          ];
    for (const scope of scopes) {
      for (const lang of language ? [language, ''] : ['']) {
        const commands = await this.getCommands(botId, scope, lang);
        if (commands.length > 0) return commands;
      }
    }
    return [];
  }

  async setText(botId: number, setting: TextSetting, language: string, value: string): Promise<void> {
    if ([...value].length > TEXT_LIMITS[setting]) {
      throw new PlatformError('BOT_SETTING_TOO_LONG', `${setting.replace('_', ' ')} is too long`, {
        setting,
      });
    }
    const key = `bot:${botId}:${setting}:${language}`;
    await this.deps.store.write(async (tx) => {
      await tx.setSetting(key, value);
      // The name for all languages is the bot's name: what getMe and every message show.
      if (setting === 'name' && language === '' && value !== '')
        await tx.updateUser(botId, { first_name: value });
    });
  }

  /** The text for a language, falling back to the one for all languages, then to `fallback`. */
  async getText(botId: number, setting: TextSetting, language: string, fallback: string): Promise<string> {
    const { store } = this.deps;
    if (language !== '') {
      const specific = await store.getSetting(`bot:${botId}:${setting}:${language}`);
      if (specific) return specific;
    }
    return (await store.getSetting(`bot:${botId}:${setting}:`)) || fallback;
  }

  /** The menu button of a private chat (chatPk) or the bot's default (null). */
  async setMenuButton(botId: number, chatPk: number | null, button: MenuButton | null): Promise<void> {
    const key = `bot:${botId}:menu_button:${chatPk ?? 'default'}`;
    const value = button === null || button.type === 'default' ? '' : JSON.stringify(button);
    await this.deps.store.write(async (tx) => tx.setSetting(key, value));
  }

  /**
   * getChatMenuButton's answer, as the reference's server gives it: a private chat without a button
   * of its own (never set, or reset) answers `default` (the chat follows the bot's default); the
   * bot's default, never set or reset, answers `commands` (TDLib's get_bot_menu_button maps the
   * server's botMenuButtonDefault to `default` and botMenuButtonCommands to `commands`).
   */
  async chatMenuButton(botId: number, chatPk: number | null): Promise<MenuButton> {
    if (chatPk === null) return this.getMenuButton(botId, null);
    const own = await this.deps.store.getSetting(`bot:${botId}:menu_button:${chatPk}`);
    // Stored as setMenuButton wrote it.
    return own ? (JSON.parse(own) as MenuButton) : { type: 'default' };
  }

  /** The button a person sees in the chat (chatPk) or by default (null): the chat's, else the bot's default. */
  async getMenuButton(botId: number, chatPk: number | null): Promise<MenuButton> {
    const { store } = this.deps;
    const own = chatPk === null ? undefined : await store.getSetting(`bot:${botId}:menu_button:${chatPk}`);
    const value = own || (await store.getSetting(`bot:${botId}:menu_button:default`));
    return value ? (JSON.parse(value) as MenuButton) : { type: 'commands' };
  }

  /**
   * setMyDefaultAdministratorRights: kept as the platform would grant them in a supergroup or a
   * channel (rights the kind lacks dropped, can_manage_chat implied); null or no right clears them.
   */
  async setDefaultRights(botId: number, forChannels: boolean, given: AdminRights | null): Promise<void> {
    const rights = given && normalizeRights(given, forChannels ? 'channel' : 'supergroup');
    const value = rights ? JSON.stringify(rights) : '';
    await this.deps.store.write(async (tx) => tx.setSetting(defaultRightsKey(botId, forChannels), value));
  }

  getDefaultRights(botId: number, forChannels: boolean): Promise<AdminRights> {
    return readDefaultRights(this.deps.store, botId, forChannels);
  }
}
