/**
 * From a checked world file to the rows an import writes (ADR 0102), with every reference resolved
 * and every conflict found before anything is written: ids, phone numbers and usernames taken in the
 * workspace or twice in the file, members and owners that name no one, a private chat that exists
 * already. Ids and tokens the file gives are kept; the others are made as the platform makes them.
 * What needs the network (a webhook's address) or a key (a gateway token's lookup) is done here too,
 * since a write does no I/O. Problems are added to `problems`; the plan is only used when there is
 * none.
 */
import type { ChatsReader } from '../../storage/ports/chats.js';
import type { UsersReader } from '../../storage/ports/users.js';
import type { Platform } from '../assembly/platform.js';
import { normalizePermissions, type MemberData } from '../chats/chat-rights.js';
import { DEFAULT_PRICE_UNITS, parseCredits } from '../gateway/money.js';
import { signingKeyOf } from '../gateway/report-signature.js';
import type { WorldProblems } from './world-checker.js';
import { planBot } from './world-plan-bots.js';
import { planTopicsAndLinks } from './world-plan-topics-links.js';
import type { PlannedAccount, PlannedChat, WorldPlan } from './world-rows.js';
import { WorldUsers, type KnownUser } from './world-refs.js';
import type { WorldPath } from './world-source.js';
import type { WorldChat, WorldFile, WorldGatewayAccount, WorldPerson } from './world-types.js';

/** User ids as the platform makes them (users.ts). */
export const ID_RANGE: [number, number] = [100_000_000, 8_000_000_000];

/** Plans the import of `file` (already checked by shape) into the workspace of `platform`. */
export async function planWorld(
  platform: Platform,
  file: WorldFile,
  problems: WorldProblems,
): Promise<WorldPlan> {
  const { store, clock } = platform.deps;
  const now = clock.now();
  const users = new WorldUsers(store);
  const taken = new Taken(store, problems);
  const people = file.people ?? [];
  const bots = file.bots ?? [];

  // Ids first, so that every reference in the file resolves to one.
  const personIds = people.map((p) => p.id);
  const botIds = bots.map((b) => (b.token ? Number(b.token.slice(0, b.token.indexOf(':'))) : b.id));
  const used = new Set<number>([...personIds, ...botIds].filter((id): id is number => id !== undefined));
  const freshId = async () => {
    for (;;) {
      const id = platform.deps.random.int(...ID_RANGE);
      if (!used.has(id) && !(await store.getUser(id))) {
        used.add(id);
        return id;
      }
    }
  };
  const plan: WorldPlan = { people: [], bots: [], chats: [], accounts: [] };
  for (const [i, person] of people.entries()) {
    const id = personIds[i] ?? (await freshId());
    await taken.user(['people', i], id, person.username, person.phone_number);
    users.add({
      id,
      is_bot: false,
      username: person.username ?? null,
      phone_number: person.phone_number,
      inFile: true,
    });
    plan.people.push(personRows(person, id, now));
  }
  const botIdsMade: number[] = [];
  for (const [i, bot] of bots.entries()) {
    const id = botIds[i] ?? (await freshId());
    botIdsMade.push(id);
    await taken.user(['bots', i], id, bot.username, undefined);
    users.add({ id, is_bot: true, username: bot.username, phone_number: null, inFile: true });
  }
  const chats = file.chats ?? [];
  const chatIds = await planChatIds(platform, chats, taken);
  const links = new Set<string>();
  for (const [i, chat] of chats.entries()) {
    const planned = await planChat(chat, ['chats', i], chatIds[i] ?? null, users, problems, now);
    await planTopicsAndLinks(platform, chat, ['chats', i], planned, users, problems, links);
    plan.chats.push(planned);
  }
  privateChatsOnce(plan.chats, problems);
  const context = { users, chats: plan.chats, problems, now };
  for (const [i, bot] of bots.entries()) {
    plan.bots.push(await planBot(platform, bot, ['bots', i], botIdsMade[i]!, context));
  }
  for (const [i, account] of (file.gateway_accounts ?? []).entries()) {
    const planned = await planAccount(platform, account, ['gateway_accounts', i], users, problems, now);
    if (planned) plan.accounts.push(planned);
  }
  return plan;
}

function personRows(person: WorldPerson, id: number, now: number): WorldPlan['people'][number] {
  return {
    user: {
      id,
      is_bot: false,
      first_name: person.first_name ?? 'User',
      last_name: person.last_name || null,
      username: person.username ?? null,
      phone_number: person.phone_number,
      language_code: person.language_code || null,
      created_at: now,
    },
    devices: (person.devices ?? []).map((d) => ({
      name: d.name,
      online: d.online ?? true,
      receipt_delay: d.receipt_delay ?? 0,
      read_delay: d.read_delay ?? null,
      created_at: now,
    })),
  };
}

/** What the workspace and the file already hold: ids, phone numbers and usernames. */
class Taken {
  readonly #ids = new Set<number>();
  readonly #phones = new Set<string>();
  readonly #usernames = new Set<string>();
  readonly #chatIds = new Set<number>();

  constructor(
    private readonly store: ChatsReader & UsersReader,
    private readonly problems: WorldProblems,
  ) {}

  async user(
    path: WorldPath,
    id: number,
    username: string | undefined,
    phone: string | undefined,
  ): Promise<void> {
    if (this.#ids.has(id) || (await this.store.getUser(id)))
      this.problems.add([...path, 'id'], `id ${id} is taken`);
    this.#ids.add(id);
    if (phone !== undefined) {
      if (this.#phones.has(phone) || (await this.store.getUserByPhone(phone))) {
        this.problems.add([...path, 'phone_number'], `${phone} is taken by another user`);
      }
      this.#phones.add(phone);
    }
    if (username !== undefined) await this.username([...path, 'username'], username);
  }

  async username(path: WorldPath, username: string): Promise<void> {
    const key = username.toLowerCase();
    if (
      this.#usernames.has(key) ||
      (await this.store.getUserByUsername(username)) ||
      (await this.store.getChatByUsername(username))
    ) {
      this.problems.add(path, `@${username} is taken`);
    }
    this.#usernames.add(key);
  }

  async chatId(path: WorldPath, id: number): Promise<boolean> {
    const free = !this.#chatIds.has(id) && !(await this.store.getChatById(id));
    if (!free && path.length > 0) this.problems.add(path, `chat id ${id} is taken`);
    this.#chatIds.add(id);
    return free;
  }
}

async function planChatIds(
  platform: Platform,
  chats: WorldChat[],
  taken: Taken,
): Promise<Array<number | null>> {
  const ids: Array<number | null> = [];
  for (const [i, chat] of chats.entries()) {
    if (chat.type === 'private') {
      ids.push(null);
      continue;
    }
    if (chat.username !== undefined) await taken.username(['chats', i, 'username'], chat.username);
    if (chat.id !== undefined) {
      await taken.chatId(['chats', i, 'id'], chat.id);
      ids.push(chat.id);
    } else ids.push(null);
  }
  // Chats without an id get one as groups.ts makes them, once the given ones are known.
  for (const [i, chat] of chats.entries()) {
    if (chat.type === 'private' || ids[i] !== null) continue;
    const { random } = platform.deps;
    let id: number;
    do {
      id =
        chat.type === 'group'
          ? -random.int(4_000_000_000, 5_000_000_000)
          : -(1_000_000_000_000 + random.int(1_000_000_000, 3_000_000_000));
    } while (!(await taken.chatId([], id)));
    ids[i] = id;
  }
  return ids;
}

async function planChat(
  chat: WorldChat,
  path: WorldPath,
  id: number | null,
  users: WorldUsers,
  problems: WorldProblems,
  now: number,
): Promise<PlannedChat> {
  const members: PlannedChat['members'] = [];
  const seen = new Set<number>();
  let creators = 0;
  for (const [i, member] of (chat.members ?? []).entries()) {
    const at = [...path, 'members', i];
    const user = await users.resolve(member.user);
    if (!user) {
      problems.add([...at, 'user'], `no user or bot ${String(member.user)} in the file or the workspace`);
      continue;
    }
    if (seen.has(user.id)) problems.add([...at, 'user'], `${String(member.user)} is a member twice`);
    seen.add(user.id);
    if (member.status === 'creator' && ++creators > 1)
      problems.add([...at, 'status'], 'a chat has one creator');
    const data: MemberData = {};
    if (member.rights) data.rights = member.rights;
    if (member.custom_title !== undefined) data.custom_title = member.custom_title;
    if (member.is_anonymous !== undefined) data.is_anonymous = member.is_anonymous;
    if (member.promoted_by !== undefined) {
      const by = await users.resolve(member.promoted_by);
      if (by) data.promoted_by = by.id;
      else problems.add([...at, 'promoted_by'], `no user or bot ${String(member.promoted_by)}`);
    }
    if (member.permissions) data.permissions = normalizePermissions(member.permissions, true);
    if (member.is_member !== undefined) data.is_member = member.is_member;
    if (member.until_date !== undefined) data.until_date = member.until_date;
    members.push({ user_id: user.id, status: member.status, data: JSON.stringify(data), updated_at: now });
  }
  const messages: PlannedChat['messages'] = [];
  const pins: number[] = [];
  const reactions: PlannedChat['reactions'] = [];
  const ids = new Set<number>();
  for (const [i, message] of (chat.messages ?? []).entries()) {
    const at = [...path, 'messages', i];
    if (ids.has(message.id)) problems.add([...at, 'id'], `message ${message.id} is in the chat twice`);
    ids.add(message.id);
    let sender: KnownUser | undefined;
    if (message.from !== undefined) {
      sender = await users.resolve(message.from);
      if (!sender)
        problems.add([...at, 'from'], `no user or bot ${String(message.from)} in the file or the workspace`);
    }
    if (message.pinned === true) pins.push(message.id);
    const reacted = new Set<number>();
    for (const [r, reaction] of (message.reactions ?? []).entries()) {
      const user = await users.resolve(reaction.user);
      if (!user) {
        problems.add([...at, 'reactions', r, 'user'], `no user or bot ${String(reaction.user)}`);
        continue;
      }
      if (reacted.has(user.id)) problems.add([...at, 'reactions', r, 'user'], 'reacted twice');
      reacted.add(user.id);
      reactions.push({
        message_id: message.id,
        user_id: user.id,
        reaction: JSON.stringify(reaction.reaction),
        is_big: reaction.is_big === true,
        updated_at: now,
      });
    }
    messages.push({
      message_id: message.id,
      sender_id: sender?.id ?? null,
      date: message.date,
      edit_date: message.edit_date ?? null,
      body: JSON.stringify(message.content),
    });
  }
  const isPrivate = chat.type === 'private';
  const pair = isPrivate ? members.map((m) => m.user_id).sort((a, b) => a - b) : [];
  if (isPrivate && pair.length === 2 && (await users.privateChatExists(pair[0]!, pair[1]!))) {
    problems.add([...path, 'members'], 'the private chat of these two users exists already');
  }
  return {
    row: {
      id,
      type: chat.type,
      title: isPrivate ? null : (chat.title ?? null),
      username: chat.username ?? null,
      description: chat.description || null,
      user_a: pair[0] ?? null,
      user_b: pair[1] ?? null,
      last_message_id: Math.max(0, ...messages.map((m) => m.message_id)),
      created_at: now,
      permissions: chat.permissions ? JSON.stringify(normalizePermissions(chat.permissions, true)) : null,
      is_forum: chat.is_forum ? 1 : 0,
    },
    members,
    messages,
    topics: [],
    links: [],
    pins,
    reactions,
  };
}

function privateChatsOnce(chats: PlannedChat[], problems: WorldProblems): void {
  const pairs = new Set<string>();
  for (const [i, chat] of chats.entries()) {
    if (chat.row.type !== 'private') continue;
    const key = `${chat.row.user_a}:${chat.row.user_b}`;
    if (chat.row.user_a === chat.row.user_b)
      problems.add(['chats', i, 'members'], 'a private chat is of two users');
    if (pairs.has(key))
      problems.add(['chats', i, 'members'], 'the private chat of these two users is in the file twice');
    pairs.add(key);
  }
}

async function planAccount(
  platform: Platform,
  account: WorldGatewayAccount,
  path: WorldPath,
  users: WorldUsers,
  problems: WorldProblems,
  now: number,
): Promise<PlannedAccount | undefined> {
  const owner = await users.resolve(account.owner);
  if (!owner || owner.is_bot || !owner.phone_number) {
    problems.add(
      [...path, 'owner'],
      `no person with a phone number ${String(account.owner)} in the file or the workspace`,
    );
    return undefined;
  }
  const { gateway } = platform;
  const token = account.token ?? `AA${platform.deps.random.token(44)}`;
  const lookup = await gateway.key.hmac('token', token);
  if (await platform.deps.store.gateway.getAccountByLookup(lookup)) {
    problems.add([...path, 'token'], 'this token belongs to another gateway account');
  }
  const units = (value: number | undefined, fallback: number, at: WorldPath) => {
    if (value === undefined) return fallback;
    try {
      return parseCredits(value);
    } catch (error) {
      problems.add(at, (error as Error).message.replace(/^credits /, ''));
      return 0;
    }
  };
  return {
    row: {
      owner_user_id: owner.id,
      token_lookup: lookup,
      signing_key: signingKeyOf(token),
      balance: 0,
      default_price: units(account.default_price, DEFAULT_PRICE_UNITS, [...path, 'default_price']),
      created_at: now,
    },
    balance: units(account.balance, 0, [...path, 'balance']),
    prices: Object.entries(account.prices ?? {}).map(([prefix, price]) => [
      prefix,
      units(price, 0, [...path, 'prices', prefix]),
    ]),
    token,
  };
}
