/**
 * The shape of a world file's bots (ADR 0102): the token as the Bot API reads one, the username, the
 * flags, the webhook, the texts per language, the command lists with their scopes, the menu buttons
 * and the default administrator rights. References are checked later (world-plan-bots.ts).
 */
import { TEXT_LIMITS } from '../users/bot-settings.js';
import { UPDATE_TYPES } from '../updates/update-queue.js';
import type { Checker } from './world-checker.js';
import { keysOf, MAX_USER_ID, RIGHT_KEYS, USERNAME, type Obj } from './world-checker.js';
import type { WorldPath } from './world-source.js';

/** The Bot API's reading of a token (bot-api/bot-token.ts), and the secret form Parley makes. */
const BOT_TOKEN = /^([1-9]\d{0,15}):([A-Za-z0-9_-]{24,78})$/;
const COMMAND = /^[a-z0-9_]{1,32}$/;
const SECRET_TOKEN = /^[A-Za-z0-9_-]{1,256}$/;
const LANGUAGE = /^[a-z]{2,3}$/;
const SCOPES = [
  'default',
  'all_private_chats',
  'all_group_chats',
  'all_chat_administrators',
  'chat',
  'chat_administrators',
  'chat_member',
];

const BOT_KEYS = [
  'token',
  'id',
  'username',
  'first_name',
  'can_join_groups',
  'can_read_all_group_messages',
  'supports_inline_queries',
  'inline_placeholder',
  'supports_guest_queries',
  'supports_join_request_queries',
  'allowed_updates',
  'webhook',
  'name',
  'description',
  'short_description',
  'translations',
  'commands',
  'menu_button',
  'chat_menu_buttons',
  'default_administrator_rights',
];

export function checkBot(c: Checker, path: WorldPath, value: unknown): void {
  const b = c.object(path, value, BOT_KEYS);
  if (!b) return;
  c.string([...path, 'token'], b.token, { pattern: BOT_TOKEN, what: 'a bot token (<BOT_ID>:<SECRET>)' });
  c.integer([...path, 'id'], b.id, 1, MAX_USER_ID);
  const tokenId = typeof b.token === 'string' ? Number(BOT_TOKEN.exec(b.token)?.[1]) : undefined;
  if (tokenId !== undefined && b.id !== undefined && tokenId !== b.id) {
    c.problems.add([...path, 'id'], `is not the id of the token (${tokenId})`);
  }
  if (tokenId !== undefined && tokenId > MAX_USER_ID)
    c.problems.add([...path, 'token'], 'has an id over 10 digits');
  c.string([...path, 'username'], b.username, { required: true, pattern: USERNAME, what: 'a username' });
  if (typeof b.username === 'string' && !/bot$/i.test(b.username)) {
    c.problems.add([...path, 'username'], 'a bot username must end in "bot"');
  }
  c.string([...path, 'first_name'], b.first_name, { max: 64 });
  for (const flag of [
    'can_join_groups',
    'can_read_all_group_messages',
    'supports_inline_queries',
    'supports_guest_queries',
    'supports_join_request_queries',
  ]) {
    c.boolean([...path, flag], b[flag]);
  }
  c.string([...path, 'inline_placeholder'], b.inline_placeholder, { max: 64 });
  c.list([...path, 'allowed_updates'], b.allowed_updates).forEach((type, i) =>
    c.oneOf([...path, 'allowed_updates', i], type, UPDATE_TYPES),
  );
  if (b.webhook !== undefined) {
    const at = [...path, 'webhook'];
    const w = c.object(at, b.webhook, ['url', 'secret_token', 'max_connections', 'ip_address']);
    if (w) {
      c.string([...at, 'url'], w.url, { required: true, max: 2048 });
      c.string([...at, 'secret_token'], w.secret_token, {
        pattern: SECRET_TOKEN,
        what: 'a secret token (1-256 of A-Z, a-z, 0-9, _ and -)',
      });
      c.integer([...at, 'max_connections'], w.max_connections, 1, 100);
      c.string([...at, 'ip_address'], w.ip_address, { max: 64 });
    }
  }
  checkTexts(c, path, b);
  if (b.translations !== undefined) {
    const t = c.object([...path, 'translations'], b.translations, keysOf(b.translations));
    for (const [language, texts] of Object.entries(t ?? {})) {
      const at = [...path, 'translations', language];
      if (!LANGUAGE.test(language)) c.problems.add(at, 'is not a two- or three-letter language code');
      const obj = c.object(at, texts, ['name', 'description', 'short_description']);
      if (obj) checkTexts(c, at, obj);
    }
  }
  c.list([...path, 'commands'], b.commands).forEach((item, i) =>
    checkCommands(c, [...path, 'commands', i], item),
  );
  if (b.menu_button !== undefined) checkMenuButton(c, [...path, 'menu_button'], b.menu_button);
  c.list([...path, 'chat_menu_buttons'], b.chat_menu_buttons).forEach((item, i) => {
    const at = [...path, 'chat_menu_buttons', i];
    const m = c.object(at, item, ['user', 'menu_button']);
    if (!m) return;
    c.ref([...at, 'user'], m.user);
    checkMenuButton(c, [...at, 'menu_button'], m.menu_button);
  });
  if (b.default_administrator_rights !== undefined) {
    const at = [...path, 'default_administrator_rights'];
    const r = c.object(at, b.default_administrator_rights, ['groups', 'channels']);
    if (r) for (const kind of ['groups', 'channels']) c.flags([...at, kind], r[kind], RIGHT_KEYS);
  }
}

function checkTexts(c: Checker, path: WorldPath, texts: Obj): void {
  for (const setting of ['name', 'description', 'short_description'] as const) {
    c.string([...path, setting], texts[setting], { max: TEXT_LIMITS[setting] });
  }
}

function checkCommands(c: Checker, path: WorldPath, value: unknown): void {
  const l = c.object(path, value, ['scope', 'language_code', 'commands']);
  if (!l) return;
  if (l.scope !== undefined) {
    const s = c.object([...path, 'scope'], l.scope, ['type', 'chat', 'user']);
    if (s) {
      c.oneOf([...path, 'scope', 'type'], s.type, SCOPES);
      const needsChat = ['chat', 'chat_administrators', 'chat_member'].includes(s.type as string);
      if (needsChat) c.ref([...path, 'scope', 'chat'], s.chat);
      else if (s.chat !== undefined)
        c.problems.add([...path, 'scope', 'chat'], `is not taken by ${String(s.type)}`);
      if (s.type === 'chat_member') c.ref([...path, 'scope', 'user'], s.user);
      else if (s.user !== undefined)
        c.problems.add([...path, 'scope', 'user'], `is not taken by ${String(s.type)}`);
    }
  }
  if (l.language_code !== undefined && l.language_code !== '') {
    c.string([...path, 'language_code'], l.language_code, { pattern: LANGUAGE, what: 'a language code' });
  }
  const list = c.list([...path, 'commands'], l.commands);
  if (list.length > 100) c.problems.add([...path, 'commands'], 'must hold at most 100 commands');
  list.forEach((item, i) => {
    const at = [...path, 'commands', i];
    const cmd = c.object(at, item, ['command', 'description', 'is_ephemeral']);
    if (!cmd) return;
    c.string([...at, 'command'], cmd.command, {
      required: true,
      pattern: COMMAND,
      what: 'a command (1-32 of a-z, 0-9 and _)',
    });
    c.string([...at, 'description'], cmd.description, { required: true, max: 256 });
    c.boolean([...at, 'is_ephemeral'], cmd.is_ephemeral);
  });
}

function checkMenuButton(c: Checker, path: WorldPath, value: unknown): void {
  const m = c.object(path, value, ['type', 'text', 'web_app']);
  if (!m) return;
  c.oneOf([...path, 'type'], m.type, ['commands', 'web_app', 'default']);
  if (m.type === 'web_app') {
    c.string([...path, 'text'], m.text, { required: true, max: 64 });
    const app = c.object([...path, 'web_app'], m.web_app, ['url']);
    if (app) c.string([...path, 'web_app', 'url'], app.url, { required: true, max: 2048 });
  }
}
