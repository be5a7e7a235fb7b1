/**
 * Chats, members and message ids on SQLite (ports/chats.ts). Chats by pk, private chats' pks by
 * their pair of users and members by chat and user are read on every send, so they are cached;
 * every write of these tables here updates or drops its entry, and `forgetUncommitted` (a rollback)
 * drops them all. Nothing else writes these tables while the server runs (one process per data
 * folder, ADR 0016).
 */
import { type SqlStatements } from '../sql-statements.js';
import { CHATS_SQL as SQL } from '../../sql/chats.js';
import { updateSql } from '../../sql/rows.js';
import { type ChatRow, type ChatsReader, type ChatsWriter, type MemberRow } from '../../ports/chats.js';
import { LruMap } from '../../lru-map.js';
import type { CachedArea } from '../../ports/events.js';

/**
 * Message ids are reserved in the chat row this many at a time, so that most messages need no
 * write of the chat row (a restart or a rollback skips the rest of a block: ids have gaps, as the
 * reference's do, and are never reused; ADR 0007).
 */
const MESSAGE_ID_BLOCK = 32;

export class SqliteChats implements ChatsReader, ChatsWriter {
  /** Rows kept while in use (lru-map.ts): a large world keeps its working set, not a fresh start. */
  readonly #chats = new LruMap<number, ChatRow>();
  readonly #privateChats = new LruMap<string, number>();
  readonly #members = new LruMap<string, MemberRow>();
  /**
   * The bot members of a chat: every send to a group asks it (the bots to queue an update for), and
   * a large world's groups' pages are seldom in SQLite's page cache. Dropped with any member's write.
   */
  readonly #botMembers = new LruMap<number, MemberRow[]>();
  /**
   * Message ids reserved per chat and not handed out yet (see nextMessageId); a chat dropped from
   * here skips the rest of its block.
   */
  readonly #messageIds = new LruMap<number, { next: number; last: number }>();

  readonly #sql: SqlStatements;

  constructor(sql: SqlStatements) {
    this.#sql = sql;
  }

  async getChat(pk: number) {
    let row = this.#chats.get(pk);
    if (!row) {
      row = this.#sql.get(SQL.getChat, pk) as ChatRow | undefined;
      if (!row) return undefined;
      this.#cacheChat(row);
    }
    return { ...row };
  }
  #cacheChat(row: ChatRow): void {
    this.#chats.set(row.pk, row);
    if (row.type === 'private') this.#privateChats.set(`${row.user_a}:${row.user_b}`, row.pk);
  }
  async getChatById(id: number) {
    return this.#sql.get(SQL.getChatById, id) as ChatRow | undefined;
  }
  async getChatByUsername(username: string) {
    return this.#sql.get(SQL.getChatByUsername.sqlite, username) as ChatRow | undefined;
  }
  async getPrivateChat(userA: number, userB: number) {
    const [a, b] = userA < userB ? [userA, userB] : [userB, userA];
    const pk = this.#privateChats.get(`${a}:${b}`);
    const cached = pk === undefined ? undefined : this.#chats.get(pk);
    if (cached) return { ...cached };
    const row = this.#sql.get(SQL.getPrivateChat, a, b) as ChatRow | undefined;
    if (row) this.#cacheChat(row);
    return row && { ...row };
  }
  async insertChat(row: Omit<ChatRow, 'pk'>) {
    return Number(this.#sql.insert('chats', row).lastInsertRowid);
  }
  async insertChatWithNewId(row: Omit<ChatRow, 'pk' | 'id'>, newId: () => number) {
    let id: number;
    do id = newId();
    while (await this.getChatById(id));
    const full = { id, ...row };
    return { pk: await this.insertChat(full), ...full };
  }
  async ensurePrivateChat(row: Omit<ChatRow, 'pk'>) {
    const existing = await this.getPrivateChat(row.user_a!, row.user_b!);
    if (existing) return { chat: existing, created: false };
    return { chat: { pk: await this.insertChat(row), ...row }, created: true };
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
    this.#sql.run(updateSql('chats', keys, 'pk = ?'), ...keys.map((k) => patch[k] ?? null), pk);
    this.#chats.delete(pk);
  }
  async nextMessageId(chatPk: number) {
    const block = this.#messageIds.get(chatPk);
    if (block && block.next <= block.last) return block.next++;
    // A new block of ids, reserved in the chat row; ids of a block not used up when the server
    // stops (or when a rollback drops this map) are skipped, never reused.
    const row = this.#sql.get(SQL.nextMessageId.sqlite, MESSAGE_ID_BLOCK, chatPk);
    if (!row) throw new Error(`chat ${chatPk} does not exist`);
    const last = row.last_message_id as number;
    const cached = this.#chats.get(chatPk);
    if (cached) cached.last_message_id = last;
    this.#messageIds.set(chatPk, { next: last - MESSAGE_ID_BLOCK + 2, last });
    return last - MESSAGE_ID_BLOCK + 1;
  }
  async getMember(chatPk: number, userId: number) {
    const key = `${chatPk}:${userId}`;
    let row = this.#members.get(key);
    if (!row) {
      row = this.#sql.get(SQL.getMember, chatPk, userId) as MemberRow | undefined;
      if (!row) return undefined;
      this.#members.set(key, row);
    }
    return { ...row };
  }
  async listMembers(chatPk: number) {
    return this.#sql.all(SQL.listMembers, chatPk) as unknown as MemberRow[];
  }
  async listBotMembers(chatPk: number) {
    let rows = this.#botMembers.get(chatPk);
    if (!rows) {
      rows = this.#sql.all(SQL.listBotMembers, chatPk) as unknown as MemberRow[];
      this.#botMembers.set(chatPk, rows);
    }
    return rows.map((row) => ({ ...row }));
  }
  async upsertMember(row: MemberRow) {
    this.#members.delete(`${row.chat_pk}:${row.user_id}`);
    this.#botMembers.delete(row.chat_pk);
    this.#sql.run(SQL.upsertMember, row.chat_pk, row.user_id, row.status, row.data, row.updated_at);
  }

  /** Drops a cached chat and its members, changed elsewhere (the event port's `rows.changed`). */
  forgetCached(area: CachedArea, id: number): void {
    if (area !== 'chat') return;
    this.#chats.delete(id);
    this.#botMembers.delete(id);
    const prefix = `${id}:`;
    for (const key of this.#members.keys()) if (key.startsWith(prefix)) this.#members.delete(key);
  }

  /** Drops the cached rows: a write was rolled back, and they may hold what it wrote. */
  forgetUncommitted(): void {
    this.#messageIds.clear();
    this.#chats.clear();
    this.#privateChats.clear();
    this.#members.clear();
    this.#botMembers.clear();
  }
}
