/**
 * The shape of a world file (ADR 0102), checked whole before anything is written: every field's type,
 * the platform's own forms (E.164 phone numbers, usernames, bot tokens as the Bot API reads them,
 * command names, name and text lengths, rights and permissions by name), and no field it does not
 * know (a misspelt key is a problem, not silently nothing). Every problem is kept, with its path;
 * what refers to what (members, owners, scopes) is checked next, against the file and the store
 * (world-plan.ts).
 */
import { PERMISSION_KEYS } from '../chats/chat-rights.js';
import { checkBot } from './world-check-bots.js';
import { checkInviteLinks, checkReactions, checkTopics } from './world-check-topics-links.js';
import {
  Checker,
  E164,
  MAX_USER_ID,
  RIGHT_KEYS,
  USERNAME,
  keysOf,
  type WorldProblems,
} from './world-checker.js';
import type { WorldPath } from './world-source.js';
import type { WorldFile } from './world-types.js';

const GATEWAY_TOKEN = /^AA[A-Za-z0-9_-]{44}$/;
const PRICE_PREFIX = /^[1-9]\d{0,5}$/;
const MAX_CHAT_ID = 1_000_000_000_000 + 9_999_999_999;
const STATUSES = ['creator', 'administrator', 'member', 'restricted', 'left', 'kicked'];
const CHAT_TYPES = ['private', 'group', 'supergroup', 'channel'];

/** Checks the file's shape; answers it typed when it has no problem (the caller throws otherwise). */
export function checkWorldShape(value: unknown, problems: WorldProblems): WorldFile {
  const c = new Checker(problems);
  const root = c.object([], value ?? {}, ['version', 'people', 'bots', 'chats', 'gateway_accounts']);
  if (!root) return {};
  if (root.version !== undefined && root.version !== 1) problems.add(['version'], 'must be 1');
  c.list(['people'], root.people).forEach((item, i) => checkPerson(c, ['people', i], item));
  c.list(['bots'], root.bots).forEach((item, i) => checkBot(c, ['bots', i], item));
  c.list(['chats'], root.chats).forEach((item, i) => checkChat(c, ['chats', i], item));
  c.list(['gateway_accounts'], root.gateway_accounts).forEach((item, i) =>
    checkAccount(c, ['gateway_accounts', i], item),
  );
  return root as WorldFile;
}

function checkPerson(c: Checker, path: WorldPath, value: unknown): void {
  const keys = ['id', 'phone_number', 'first_name', 'last_name', 'username', 'language_code', 'devices'];
  const p = c.object(path, value, keys);
  if (!p) return;
  c.integer([...path, 'id'], p.id, 1, MAX_USER_ID);
  c.string([...path, 'phone_number'], p.phone_number, {
    required: true,
    pattern: E164,
    what: 'an E.164 phone number',
  });
  c.string([...path, 'first_name'], p.first_name, { max: 64 });
  c.string([...path, 'last_name'], p.last_name, { max: 64 });
  c.string([...path, 'username'], p.username, {
    pattern: USERNAME,
    what: 'a username (5-32 letters, digits, _)',
  });
  if (typeof p.username === 'string' && /bot$/i.test(p.username)) {
    c.problems.add([...path, 'username'], 'only bots may have a username ending in "bot"');
  }
  c.string([...path, 'language_code'], p.language_code, { max: 35 });
  c.list([...path, 'devices'], p.devices).forEach((item, i) => {
    const at = [...path, 'devices', i];
    const d = c.object(at, item, ['name', 'online', 'receipt_delay', 'read_delay']);
    if (!d) return;
    c.string([...at, 'name'], d.name, { required: true, max: 64 });
    c.boolean([...at, 'online'], d.online);
    c.integer([...at, 'receipt_delay'], d.receipt_delay, 0, 86_400);
    if (d.read_delay !== null) c.integer([...at, 'read_delay'], d.read_delay, 0, 86_400);
  });
}

function checkChat(c: Checker, path: WorldPath, value: unknown): void {
  const keys = [
    'id',
    'type',
    'title',
    'username',
    'description',
    'permissions',
    'is_forum',
    'members',
    'topics',
    'invite_links',
    'messages',
  ];
  const ch = c.object(path, value, keys);
  if (!ch) return;
  c.oneOf([...path, 'type'], ch.type, CHAT_TYPES);
  const priv = ch.type === 'private';
  if (priv) {
    for (const key of ['id', 'title', 'username', 'description', 'permissions', 'is_forum']) {
      if (ch[key] !== undefined) c.problems.add([...path, key], 'a private chat has none');
    }
  } else {
    c.integer([...path, 'id'], ch.id, -MAX_CHAT_ID, -1);
    c.string([...path, 'title'], ch.title, { required: true, max: 128 });
    c.string([...path, 'username'], ch.username, { pattern: USERNAME, what: 'a username' });
    c.string([...path, 'description'], ch.description, { max: 255, empty: true });
    c.flags([...path, 'permissions'], ch.permissions, PERMISSION_KEYS);
    c.boolean([...path, 'is_forum'], ch.is_forum);
    if (ch.is_forum === true && ch.type !== 'supergroup')
      c.problems.add([...path, 'is_forum'], 'only a supergroup has topics');
    if (ch.username !== undefined && ch.type === 'group') {
      c.problems.add([...path, 'username'], 'a basic group can not have a username');
    }
  }
  checkTopics(c, path, ch);
  checkInviteLinks(c, path, ch);
  const members = c.list([...path, 'members'], ch.members);
  if (priv && members.length !== 2)
    c.problems.add([...path, 'members'], 'a private chat has exactly two members');
  members.forEach((item, i) => {
    const at = [...path, 'members', i];
    const keys = [
      'user',
      'status',
      'rights',
      'custom_title',
      'is_anonymous',
      'promoted_by',
      'permissions',
      'is_member',
      'until_date',
    ];
    const m = c.object(at, item, keys);
    if (!m) return;
    c.ref([...at, 'user'], m.user);
    c.oneOf([...at, 'status'], m.status, STATUSES);
    c.flags([...at, 'rights'], m.rights, RIGHT_KEYS);
    c.string([...at, 'custom_title'], m.custom_title, { max: 16 });
    c.boolean([...at, 'is_anonymous'], m.is_anonymous);
    c.ref([...at, 'promoted_by'], m.promoted_by, false);
    c.flags([...at, 'permissions'], m.permissions, PERMISSION_KEYS);
    c.boolean([...at, 'is_member'], m.is_member);
    c.integer([...at, 'until_date'], m.until_date, 0, 2 ** 31 - 1);
  });
  c.list([...path, 'messages'], ch.messages).forEach((item, i) => {
    const at = [...path, 'messages', i];
    const m = c.object(at, item, ['id', 'from', 'date', 'edit_date', 'content', 'pinned', 'reactions']);
    if (!m) return;
    c.integer([...at, 'id'], m.id, 1, 2 ** 31 - 1, true);
    c.ref([...at, 'from'], m.from, false);
    c.integer([...at, 'date'], m.date, 0, 2 ** 31 - 1, true);
    c.integer([...at, 'edit_date'], m.edit_date, 0, 2 ** 31 - 1);
    c.boolean([...at, 'pinned'], m.pinned);
    checkReactions(c, at, m.reactions);
    if (m.content === undefined) return c.problems.add([...at, 'content'], 'is required');
    const content = c.object([...at, 'content'], m.content, keysOf(m.content));
    if (content && Object.keys(content).length === 0) c.problems.add([...at, 'content'], 'must not be empty');
  });
}

function checkAccount(c: Checker, path: WorldPath, value: unknown): void {
  const a = c.object(path, value, ['owner', 'token', 'balance', 'default_price', 'prices']);
  if (!a) return;
  c.ref([...path, 'owner'], a.owner);
  c.string([...path, 'token'], a.token, {
    pattern: GATEWAY_TOKEN,
    what: 'a gateway token (AA and 44 of A-Z, a-z, 0-9, _ and -)',
  });
  c.number([...path, 'balance'], a.balance);
  c.number([...path, 'default_price'], a.default_price);
  if (a.prices !== undefined) {
    const prices = c.object([...path, 'prices'], a.prices, keysOf(a.prices));
    for (const [prefix, price] of Object.entries(prices ?? {})) {
      if (!PRICE_PREFIX.test(prefix))
        c.problems.add([...path, 'prices', prefix], 'is not a calling code prefix (digits)');
      c.number([...path, 'prices', prefix], price);
    }
  }
}
