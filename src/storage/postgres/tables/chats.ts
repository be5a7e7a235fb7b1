/**
 * Chats, members and message ids on PostgreSQL (ports/chats.ts). Chats by pk, private chats by their
 * pair of users and members go through the row caches (pg-cache.ts: every send reads them; a write
 * of a chat or a member forgets the chat here and in the other processes). No blocks of message
 * ids across transactions: a transaction's first id of a chat is one increment of the chat row,
 * which the transaction then holds, so that ids increase in commit order across processes (its
 * next ids of that chat are counted while it holds the row: pg-transaction.ts).
 */
import type { PgSql } from '../pg-sql.js';
import type { CacheKey } from '../pg-cache.js';
import { CHATS_SQL as SQL } from '../../sql/chats.js';
import { insertSql, updateSql } from '../../sql/rows.js';
import type { ChatRow, ChatsReader, ChatsWriter, MemberRow } from '../../ports/chats.js';

/** A chat whose members are asked one by one is read whole (`getMember`) if it has at most this many. */
export const WHOLE_CHAT_AT_MOST = 1_000;
/**
 * A member (first, if one), then the chat's members up to a bound (the whole chat, if it has no
 * more): PostgreSQL's own read, for the row caches.
 */
const MEMBER_AND_OTHERS = `(SELECT * FROM chat_members WHERE chat_pk = $1 AND user_id = $2)
  UNION ALL (SELECT * FROM chat_members WHERE chat_pk = $1 LIMIT $3)`;

/** The members' upsert (sql/chats.ts), whose rows one statement may carry several of. */
const MEMBER_UPSERT = {
  sql: SQL.upsertMember,
  key: ['chat_pk', 'user_id'],
  tail: SQL.upsertMember.slice(SQL.upsertMember.indexOf('ON CONFLICT')),
};

/** The columns a chat's row may leave out, as the database fills them (ports/chats.ts ChatRow). */
const COLUMN_DEFAULTS: Required<
  Pick<ChatRow, 'permissions' | 'migrated_to_id' | 'photo_file_pk' | 'is_forum' | 'parent_pk'>
> = {
  permissions: null,
  migrated_to_id: null,
  photo_file_pk: null,
  is_forum: 0,
  parent_pk: null,
};

export class PgChats implements ChatsReader, ChatsWriter {
  constructor(private readonly sql: PgSql) {}

  async getChat(pk: number) {
    return this.sql.cached(
      `c${pk}`,
      (caches) => caches.chat(pk),
      async () => (await this.sql.get(SQL.getChat, pk)) as ChatRow | undefined,
      (caches, row) => caches.keepChat(row),
    );
  }
  async getChatById(id: number) {
    // A group is named by its id (every send to it, the bot's and the person's): the pk found last
    // time answers through the cache by pk, if the kept row still has this id (none other can).
    const scope = this.sql.cache;
    const pk = scope?.caches.chatPkById(id);
    if (pk !== undefined && scope!.fresh(`c${pk}`)) {
      const kept = scope!.caches.chat(pk);
      if (kept?.id === id) return { ...kept };
    }
    const token = scope?.token();
    const row = (await this.sql.get(SQL.getChatById, id)) as ChatRow | undefined;
    if (row && scope?.mayKeep(`c${row.pk}`, token!)) scope.caches.keepChat({ ...row });
    return row;
  }
  async getChatByUsername(username: string) {
    return (await this.sql.get(SQL.getChatByUsername.postgres, username)) as ChatRow | undefined;
  }
  async getPrivateChat(userA: number, userB: number) {
    const [a, b] = userA < userB ? [userA, userB] : [userB, userA];
    const scope = this.sql.cache;
    const pk = scope?.caches.privateChatPk(a, b);
    if (pk !== undefined) return this.getChat(pk);
    const token = scope?.token();
    const row = (await this.sql.get(SQL.getPrivateChat, a, b)) as ChatRow | undefined;
    if (row && scope?.mayKeep(`c${row.pk}`, token!)) scope.caches.keepChat({ ...row });
    // None (a send's key looks before its write): the write that creates it may insert it blind.
    if (!row && scope && !this.sql.write) scope.caches.keepNoPrivateChat(a, b);
    return row;
  }
  async insertChat(row: Omit<ChatRow, 'pk'>) {
    const pk = (await this.sql.insert('chats', row, 'pk'))!;
    this.#inserted(pk, row);
    return pk;
  }
  async insertChatWithNewId(row: Omit<ChatRow, 'pk' | 'id'>, newId: () => number) {
    const caches = this.sql.cache?.caches;
    // In a write, without a username (whose taking is the caller's error): its pk taken ahead, the
    // insert waits for the write's next statement; an id taken fails it, and the write runs again.
    if (this.sql.write && caches && !row.username) {
      const chat = { pk: await caches.chatPks.next(this.sql.db), id: newId(), ...row };
      await this.sql.insertLater('chats', chat, undefined, true);
      this.#inserted(chat.pk, chat);
      return chat;
    }
    let id: number;
    do id = newId();
    while (await this.getChatById(id));
    const full = { id, ...row };
    return { pk: await this.insertChat(full), ...full };
  }
  async ensurePrivateChat(row: Omit<ChatRow, 'pk'>) {
    const [a, b] = [row.user_a!, row.user_b!];
    // One the row cache holds answers without a statement.
    const caches = this.sql.cache?.caches;
    if (caches?.privateChatPk(a, b) !== undefined) {
      const chat = await this.getPrivateChat(a, b);
      if (chat) return { chat, created: false };
    }
    // One a read just did not find: its pk taken ahead, the insert waits for the write's next
    // statement (if the chat was made since, the write runs again, without the hint).
    if (this.sql.write && caches?.takeNoPrivateChat(a, b)) {
      const pk = await caches.chatPks.next(this.sql.db);
      await this.sql.insertLater('chats', { pk, ...row }, undefined, true);
      this.#inserted(pk, row);
      return { chat: { pk, ...row }, created: true };
    }
    // Else the insert goes at once.
    const keys = Object.keys(row) as Array<keyof typeof row>;
    const inserted = await this.sql.get(
      `${insertSql('chats', keys)} ON CONFLICT (user_a, user_b) DO NOTHING RETURNING pk`,
      ...keys.map((key) => row[key]),
    );
    if (inserted) {
      const pk = Number(inserted.pk);
      this.#inserted(pk, row);
      return { chat: { pk, ...row }, created: true };
    }
    // The pair's chat exists (in this transaction's snapshot: one made after it began fails the
    // insert with a serialization failure, and the write runs again).
    const chat = await this.getPrivateChat(a, b);
    if (!chat) throw new Error(`the private chat of ${a} and ${b} is neither new nor found`);
    return { chat, created: false };
  }
  /** What a transaction that inserted chat `pk` knows of it. */
  #inserted(pk: number, row: Omit<ChatRow, 'pk'>): void {
    this.sql.cache?.wrote(`c${pk}`);
    this.sql.cache?.insertedChat({ ...COLUMN_DEFAULTS, pk, ...row });
    this.sql.write?.insertedChat(pk);
    // No other transaction sees the new row before the commit: its message ids are this one's to
    // count (pg-transaction.ts), from the row's own last id, with no drafts yet.
    this.sql.write?.holdMessageIds(pk, row.last_message_id, false);
  }
  async updateChat(
    pk: number,
    patch: Partial<
      Pick<
        ChatRow,
        'title' | 'description' | 'username' | 'permissions' | 'migrated_to_id' | 'photo_file_pk' | 'is_forum'
      >
    >,
  ) {
    const keys = Object.keys(patch) as Array<keyof typeof patch>;
    if (keys.length === 0) return;
    this.sql.cache?.wrote(`c${pk}`, { area: 'chat', id: pk });
    await this.sql.write?.locking({ chat: pk });
    await this.sql.run(updateSql('chats', keys, 'pk = ?'), ...keys.map((k) => patch[k] ?? null), pk);
  }
  async nextMessageId(chatPk: number) {
    // A write that holds the chat row already counts its next ids itself (pg-transaction.ts).
    const held = await this.sql.heldMessageId(chatPk);
    if (held !== undefined) {
      this.sql.cache?.handedOut(chatPk, held);
      return held;
    }
    // Whether the chat has drafts, read with the increment: a bot's message ends them
    // (tables/drafts.ts), and a transaction that holds the row knows then that it has none.
    await this.sql.write?.locking({ chat: chatPk });
    const row = await this.sql.get(SQL.nextMessageId.postgres, chatPk, chatPk);
    if (!row) throw new Error(`chat ${chatPk} does not exist`);
    const id = row.last_message_id as number;
    this.sql.write?.holdMessageIds(chatPk, id, row.drafts as boolean);
    this.sql.cache?.handedOut(chatPk, id);
    return id;
  }
  async getMember(chatPk: number, userId: number) {
    // A chat the write inserted has the members the write put in it, and no other.
    const own = this.sql.write?.ownMember(chatPk, userId);
    if (own?.known) return own.row;
    const scope = this.sql.cache;
    if (!scope) return (await this.sql.get(SQL.getMember, chatPk, userId)) as MemberRow | undefined;
    const key: CacheKey = `m${chatPk}:${userId}`;
    if (scope.fresh(key)) {
      const kept = scope.caches.member(chatPk, userId);
      if (kept !== undefined) return kept === null ? undefined : { ...kept };
    }
    // Unknown: the member and the chat's others, up to a bound, in the same round trip (a group's
    // people are asked one by one as they write; each was a round trip inside the write). All of
    // them kept, the chat then known whole, unless this transaction wrote a member of it.
    const token = scope.token();
    const rows = (await this.sql.all(
      MEMBER_AND_OTHERS,
      chatPk,
      userId,
      WHOLE_CHAT_AT_MOST + 1,
    )) as unknown as MemberRow[];
    // By user: the member comes twice when the chat's part has it too. At most the bound: whole.
    const members = new Map(rows.map((member) => [member.user_id, member]));
    const row = members.get(userId);
    if (scope.mayKeep(`b${chatPk}`, token)) {
      if (members.size <= WHOLE_CHAT_AT_MOST) scope.caches.keepAllMembers(chatPk, [...members.values()]);
      else if (row) scope.caches.keepMember({ ...row });
    } else if (row && scope.mayKeep(key, token)) scope.caches.keepMember({ ...row });
    return row && { ...row };
  }
  async listMembers(chatPk: number) {
    const own = this.sql.write?.ownMembers(chatPk);
    if (own) return own;
    return (await this.sql.all(SQL.listMembers, chatPk)) as unknown as MemberRow[];
  }
  async listBotMembers(chatPk: number) {
    const own = this.sql.write?.ownMembers(chatPk);
    if (!own) {
      // Every send to a group asks it (the bots to queue an update for): kept, and forgotten with
      // the chat's members (a write of one touches `b<pk>` too: `upsertMember`).
      const rows = await this.sql.cached(
        `b${chatPk}`,
        (caches) => {
          const rows = caches.botMembers(chatPk);
          return rows && { rows };
        },
        async () => ({ rows: (await this.sql.all(SQL.listBotMembers, chatPk)) as unknown as MemberRow[] }),
        (caches, kept) => caches.keepBotMembers(chatPk, kept.rows),
      );
      return rows!.rows.map((row) => ({ ...row }));
    }
    // Only users of unknown kind are asked about: not one known not to be a bot (is_bot never
    // changes; the members of a group being created are mostly people whose rows its creation read
    // just before), nor one whose bot row the transaction read (its write's key: the group's bot).
    const scope = this.sql.cache;
    const memo = this.sql.memo;
    const ids = new Set<number>();
    const asked: number[] = [];
    for (const { user_id: id } of own) {
      const kept = memo?.bot(id);
      if (kept) {
        if (kept.length > 0) ids.add(id);
      } else if (!(scope?.fresh(`u${id}`) && scope.caches.user(id)?.is_bot === false)) asked.push(id);
    }
    if (asked.length > 0)
      for (const row of await this.sql.all(SQL.botIdsAmong, asked)) ids.add(Number(row.id));
    return own.filter((row) => ids.has(row.user_id));
  }
  async upsertMember(row: MemberRow) {
    // A chat this write inserted is in no process's cache (none saw it before the commit): the
    // commit has nothing of it to forget, nor to name to the others.
    const own = this.sql.write?.ownMember(row.chat_pk, row.user_id).known;
    this.sql.cache?.wrote(
      `m${row.chat_pk}:${row.user_id}`,
      own ? undefined : { area: 'chat', id: row.chat_pk },
    );
    this.sql.cache?.wrote(`b${row.chat_pk}`);
    this.sql.write?.wroteMember(row);
    if (own) this.sql.cache?.wroteMember(row);
    // Answers nothing (no unique index but the key it upserts): in a write, it goes with the next
    // statement, the members of one write in one statement (a group's creation: pg-waiting.ts).
    const { chat_pk, user_id, status, data, updated_at } = row;
    await this.sql.insertLater('chat_members', { chat_pk, user_id, status, data, updated_at }, MEMBER_UPSERT);
  }
}
