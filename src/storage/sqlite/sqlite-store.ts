/**
 * The SQLite adapter of the storage port (better-sqlite3, WAL, synchronous=NORMAL).
 *
 * Group commit: `write(fn)` queues fn; all writes queued during one turn of the event loop run in one
 * transaction (each inside its own SAVEPOINT, so a failing fn is rolled back alone) and are committed
 * together; each caller's promise settles after that commit. This shares the cost of a commit between
 * concurrent requests, which is what makes durable writes fast.
 *
 * Reads run directly on the same connection. A read that runs while a batch is open sees the batch's
 * uncommitted rows; the platform only writes after validating, so such rows are about to commit.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { makeOwnerOnly, makePrivateFile, PRIVATE_DIR_MODE } from '../private-files.js';
import { Checkpointer } from './checkpointer.js';
import { migrate } from './migrate.js';
import { LIMIT_PARAM, SqlStatements, sqlValue, type Row } from './sql-statements.js';
import { SqliteGatewayStore } from './sqlite-gateway-store.js';
import {
  type BotRow,
  type CallbackQueryRow,
  type ChatRow,
  type FileRefRow,
  type FileRow,
  type InlineMessageRow,
  type InlineQueryRow,
  type InviteLinkRow,
  type JoinRequestRow,
  type MessageReactionRow,
  type MemberRow,
  type MessageRow,
  type PollRow,
  type PollVoteRow,
  type Store,
  type StoreTx,
  type UpdateRow,
  type UserRow,
} from '../store.js';

interface QueuedWrite {
  fn: (tx: StoreTx) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Message ids are reserved in the chat row this many at a time, so that most messages need no
 * write of the chat row (a restart or a rollback skips the rest of a block: ids have gaps, as the
 * reference's do, and are never reused).
 */
const MESSAGE_ID_BLOCK = 32;

/** Users kept in memory at most; past it the cache starts again. */
const USER_CACHE_SIZE = 50_000;

const BOT_BOOLEANS = [
  'can_join_groups',
  'can_read_all_group_messages',
  'supports_inline_queries',
  'webhook_ip_fixed',
];

function toUser(row: Row | undefined): UserRow | undefined {
  if (!row) return undefined;
  return { ...(row as unknown as UserRow), is_bot: row.is_bot === 1 };
}

function toBot(row: Row | undefined): BotRow | undefined {
  if (!row) return undefined;
  const bot = { ...row } as Row;
  for (const key of BOT_BOOLEANS) bot[key] = row[key] === 1;
  return bot as unknown as BotRow;
}

function toInlineQuery(row: Row | undefined): InlineQueryRow | undefined {
  return row ? ({ ...row, is_personal: row.is_personal === 1 } as unknown as InlineQueryRow) : undefined;
}

export class SqliteStore implements Store {
  readonly #db: Database.Database;
  readonly #sql: SqlStatements;
  #queue: QueuedWrite[] = [];
  #flushing = false;
  /** Transaction control, prepared once (parsing them per write showed in profiles). */
  readonly #txn: Record<
    'begin' | 'commit' | 'rollback' | 'savepoint' | 'release' | 'rollbackTo',
    Database.Statement
  >;
  /**
   * Users by id: read on every message render. Entries are dropped on insert and update and the
   * whole cache on any rollback, so it never holds a row that was not committed.
   */
  readonly #users = new Map<number, UserRow>();
  /**
   * User ids by phone number (the gateway finds people by number on every send). An entry is only a
   * hint: the row comes from `getUser` and is used only if it still has that number, so a changed
   * number or a rolled-back insert at worst costs a read.
   */
  readonly #userIdsByPhone = new Map<string, number>();
  /** User ids by lower-cased username, a hint in the same way. */
  readonly #userIdsByUsername = new Map<string, number>();
  /**
   * Chats by pk, private chats' pks by their pair of users, members by chat and user, and bots by id:
   * read on every send. Every write of these tables in this store updates or drops its entry, and a
   * rollback drops them all (`#forgetRows`), so they never hold what was not committed. Nothing else
   * writes these tables while the server runs.
   */
  readonly #chats = new Map<number, ChatRow>();
  readonly #privateChats = new Map<string, number>();
  readonly #members = new Map<string, MemberRow>();
  readonly #bots = new Map<number, BotRow>();
  /** Message ids reserved per chat and not handed out yet (see nextMessageId). */
  readonly #messageIds = new Map<number, { next: number; last: number }>();
  /** WAL checkpoints off the event loop (file databases only). */
  #checkpointer: Checkpointer | undefined;
  #closed = false;
  readonly #tx: StoreTx;
  /** The gateway sub-port on the same connection, so its writes join this store's transactions. */
  readonly gateway: SqliteGatewayStore;

  private constructor(db: Database.Database) {
    this.#db = db;
    this.#txn = {
      begin: db.prepare('BEGIN IMMEDIATE'),
      commit: db.prepare('COMMIT'),
      rollback: db.prepare('ROLLBACK'),
      savepoint: db.prepare('SAVEPOINT w'),
      release: db.prepare('RELEASE w'),
      rollbackTo: db.prepare('ROLLBACK TO w'),
    };
    this.#sql = new SqlStatements(db);
    this.gateway = new SqliteGatewayStore(this.#sql);
    // The transaction view is the store itself plus the write methods; both use the one connection.
    this.#tx = this as unknown as StoreTx;
  }

  /**
   * Opens (and migrates) the database at `file`, or a throwaway in-memory one for `:memory:`. The
   * files are owner-only (0600): the database is created so before SQLite opens it, and SQLite gives
   * its -wal, -shm and -journal files the database file's mode. A folder it has to create is 0700;
   * an existing one is left as it is (the server tightens its data folder, server/data-folder.ts).
   */
  static open(file: string): SqliteStore {
    const onDisk = file !== ':memory:';
    if (onDisk) {
      mkdirSync(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
      makePrivateFile(file);
    }
    const db = new Database(file);
    // Files left by an earlier run, from before the files were made private or by a crash.
    if (onDisk) for (const suffix of ['-wal', '-shm']) tightenIfPresent(`${file}${suffix}`);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    // Savepoints (one per write of a group commit) keep their journals in memory, not in temp files.
    db.pragma('temp_store = MEMORY');
    migrate(db);
    const store = new SqliteStore(db);
    if (onDisk) store.#checkpointer = new Checkpointer(db, file);
    return store;
  }

  // ---- writes and group commit ------------------------------------------------------------------

  write<T>(fn: (tx: StoreTx) => Promise<T>): Promise<T> {
    if (this.#closed) return Promise.reject(new Error('the store is closed'));
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ fn, resolve: resolve as (value: unknown) => void, reject });
      if (!this.#flushing) {
        this.#flushing = true;
        setImmediate(() => void this.#flush());
      }
    });
  }

  async #flush(): Promise<void> {
    const txn = this.#txn;
    while (this.#queue.length > 0) {
      const batch = this.#queue;
      this.#queue = [];
      const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
      // A batch of one needs no savepoint: if it fails, the whole transaction is rolled back.
      const alone = batch.length === 1;
      try {
        txn.begin.run();
        for (const item of batch) {
          if (!alone) txn.savepoint.run();
          try {
            const value = await item.fn(this.#tx);
            if (!alone) txn.release.run();
            outcomes.push({ ok: true, value });
          } catch (error) {
            this.#users.clear();
            this.#forgetRows();
            if (alone) txn.rollback.run();
            else {
              txn.rollbackTo.run();
              txn.release.run();
            }
            outcomes.push({ ok: false, error });
          }
        }
        if (this.#db.inTransaction) {
          txn.commit.run();
          this.#checkpointer?.committed();
        }
      } catch (error) {
        // The commit itself failed: nothing of the batch is stored, every caller hears of it.
        this.#users.clear();
        this.#forgetRows();
        if (this.#db.inTransaction) txn.rollback.run();
        for (const item of batch) item.reject(error);
        continue;
      }
      batch.forEach((item, i) => {
        const outcome = outcomes[i]!;
        if (outcome.ok) item.resolve(outcome.value);
        else item.reject(outcome.error);
      });
    }
    this.#flushing = false;
  }

  #forgetRows(): void {
    this.#messageIds.clear();
    this.gateway.forgetUncommitted();
    this.#chats.clear();
    this.#privateChats.clear();
    this.#members.clear();
    this.#bots.clear();
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    // Let queued writes finish before closing.
    while (this.#flushing) await new Promise((resolve) => setImmediate(resolve));
    this.#closed = true;
    await this.#checkpointer?.stop();
    this.#db.close();
  }

  // ---- users and bots ---------------------------------------------------------------------------

  async getUser(id: number) {
    let row = this.#users.get(id);
    if (!row) {
      row = toUser(this.#sql.get('SELECT * FROM users WHERE id = ?', id));
      if (!row) return undefined;
      if (this.#users.size >= USER_CACHE_SIZE) this.#users.clear();
      this.#users.set(id, row);
    }
    // A copy, so that a caller changing it cannot change the cache.
    return { ...row };
  }
  async getUserByPhone(phone: string) {
    return this.#userByHint(
      this.#userIdsByPhone,
      phone,
      'phone_number',
      (user) => user.phone_number === phone,
    );
  }
  async getUserByUsername(username: string) {
    const key = username.toLowerCase();
    return this.#userByHint(
      this.#userIdsByUsername,
      key,
      'username',
      (user) => user.username?.toLowerCase() === key,
    );
  }
  /**
   * A user found by a column other than id through `hints` (value -> user id). A hint is only used
   * if the user it names still matches, so a changed number or username, or a rolled-back insert,
   * costs a read at worst, never a wrong answer.
   */
  async #userByHint(
    hints: Map<string, number>,
    key: string,
    column: 'phone_number' | 'username',
    matches: (user: UserRow) => boolean,
  ) {
    const id = hints.get(key);
    if (id !== undefined) {
      const cached = await this.getUser(id);
      if (cached && matches(cached)) return cached;
    }
    const row = toUser(this.#sql.get(`SELECT * FROM users WHERE ${column} = ?`, key));
    if (row) {
      if (hints.size >= USER_CACHE_SIZE) hints.clear();
      hints.set(key, row.id);
    }
    return row;
  }
  async insertUser(row: UserRow) {
    this.#users.delete(row.id);
    this.#sql.insert('users', row);
  }
  async updateUser(id: number, patch: Partial<Omit<UserRow, 'id' | 'is_bot'>>) {
    this.#users.delete(id);
    this.#sql.update('users', 'id', id, patch);
  }
  async getBot(id: number) {
    let row = this.#bots.get(id);
    if (!row) {
      row = toBot(this.#sql.get('SELECT * FROM bots WHERE id = ?', id));
      if (!row) return undefined;
      if (this.#bots.size >= USER_CACHE_SIZE) this.#bots.clear();
      this.#bots.set(id, row);
    }
    return { ...row };
  }
  async listBotsWithWebhook() {
    return this.#sql.all("SELECT * FROM bots WHERE webhook_url <> ''").map((row) => toBot(row)!);
  }
  async insertBot(row: BotRow) {
    this.#bots.delete(row.id);
    this.#sql.insert('bots', row);
  }
  async updateBot(id: number, patch: Partial<Omit<BotRow, 'id'>>) {
    this.#sql.update('bots', 'id', id, patch);
    // The update queue writes last_update_id on every update: keep the entry, patched.
    const cached = this.#bots.get(id);
    if (cached) this.#bots.set(id, { ...cached, ...patch });
  }

  // ---- chats, members, messages -----------------------------------------------------------------

  async getChat(pk: number) {
    let row = this.#chats.get(pk);
    if (!row) {
      row = this.#sql.get('SELECT * FROM chats WHERE pk = ?', pk) as ChatRow | undefined;
      if (!row) return undefined;
      this.#cacheChat(row);
    }
    return { ...row };
  }
  #cacheChat(row: ChatRow): void {
    if (this.#chats.size >= USER_CACHE_SIZE) {
      this.#chats.clear();
      this.#privateChats.clear();
    }
    this.#chats.set(row.pk, row);
    if (row.type === 'private') this.#privateChats.set(`${row.user_a}:${row.user_b}`, row.pk);
  }
  async getChatById(id: number) {
    return this.#sql.get('SELECT * FROM chats WHERE id = ?', id) as ChatRow | undefined;
  }
  async getChatByUsername(username: string) {
    return this.#sql.get('SELECT * FROM chats WHERE username = ?', username) as ChatRow | undefined;
  }
  async getPrivateChat(userA: number, userB: number) {
    const [a, b] = userA < userB ? [userA, userB] : [userB, userA];
    const pk = this.#privateChats.get(`${a}:${b}`);
    const cached = pk === undefined ? undefined : this.#chats.get(pk);
    if (cached) return { ...cached };
    const row = this.#sql.get('SELECT * FROM chats WHERE user_a = ? AND user_b = ?', a, b) as
      ChatRow | undefined;
    if (row) this.#cacheChat(row);
    return row && { ...row };
  }
  async insertChat(row: Omit<ChatRow, 'pk'>) {
    return Number(this.#sql.insert('chats', row).lastInsertRowid);
  }
  async nextMessageId(chatPk: number) {
    const block = this.#messageIds.get(chatPk);
    if (block && block.next <= block.last) return block.next++;
    // A new block of ids, reserved in the chat row; ids of a block not used up when the server
    // stops (or when a rollback drops this map) are skipped, never reused.
    const row = this.#sql.get(
      'UPDATE chats SET last_message_id = last_message_id + ? WHERE pk = ? RETURNING last_message_id',
      MESSAGE_ID_BLOCK,
      chatPk,
    );
    if (!row) throw new Error(`chat ${chatPk} does not exist`);
    const last = row.last_message_id as number;
    const cached = this.#chats.get(chatPk);
    if (cached) cached.last_message_id = last;
    if (this.#messageIds.size >= USER_CACHE_SIZE) this.#messageIds.clear();
    this.#messageIds.set(chatPk, { next: last - MESSAGE_ID_BLOCK + 2, last });
    return last - MESSAGE_ID_BLOCK + 1;
  }
  async getMember(chatPk: number, userId: number) {
    const key = `${chatPk}:${userId}`;
    let row = this.#members.get(key);
    if (!row) {
      row = this.#sql.get('SELECT * FROM chat_members WHERE chat_pk = ? AND user_id = ?', chatPk, userId) as
        MemberRow | undefined;
      if (!row) return undefined;
      if (this.#members.size >= USER_CACHE_SIZE) this.#members.clear();
      this.#members.set(key, row);
    }
    return { ...row };
  }
  async listMembers(chatPk: number) {
    return this.#sql.all(
      'SELECT * FROM chat_members WHERE chat_pk = ? ORDER BY user_id',
      chatPk,
    ) as unknown as MemberRow[];
  }
  async upsertMember(row: MemberRow) {
    this.#members.delete(`${row.chat_pk}:${row.user_id}`);
    this.#sql.run(
      `INSERT INTO chat_members (chat_pk, user_id, status, data, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (chat_pk, user_id) DO UPDATE SET status = excluded.status, data = excluded.data,
       updated_at = excluded.updated_at`,
      row.chat_pk,
      row.user_id,
      row.status,
      row.data,
      row.updated_at,
    );
  }
  async getMessage(chatPk: number, messageId: number) {
    return this.#sql.get('SELECT * FROM messages WHERE chat_pk = ? AND message_id = ?', chatPk, messageId) as
      MessageRow | undefined;
  }
  async listMessages(chatPk: number, opts: { limit: number; afterId?: number }) {
    const rows = this.#sql.all(
      `SELECT * FROM messages WHERE chat_pk = ? AND message_id > ? ORDER BY message_id DESC LIMIT ${LIMIT_PARAM}`,
      chatPk,
      opts.afterId ?? 0,
      opts.limit,
    ) as unknown as MessageRow[];
    return rows.reverse();
  }
  async nextIncomingMessage(chatPk: number, afterId: number, notSenderId: number) {
    return this.#sql.get(
      `SELECT * FROM messages WHERE chat_pk = ? AND message_id > ? AND (sender_id IS NULL OR sender_id <> ?)
       ORDER BY message_id LIMIT 1`,
      chatPk,
      afterId,
      notSenderId,
    ) as MessageRow | undefined;
  }
  async insertMessage(row: MessageRow) {
    this.#sql.insert('messages', row);
  }
  async updateMessage(chatPk: number, messageId: number, body: string, editDate: number | null) {
    this.#sql.run(
      'UPDATE messages SET body = ?, edit_date = ? WHERE chat_pk = ? AND message_id = ?',
      body,
      editDate,
      chatPk,
      messageId,
    );
  }
  async deleteMessage(chatPk: number, messageId: number) {
    this.#sql.run('DELETE FROM messages WHERE chat_pk = ? AND message_id = ?', chatPk, messageId);
  }
  async getCallbackQuery(id: string) {
    return this.#sql.get('SELECT * FROM callback_queries WHERE id = ?', id) as CallbackQueryRow | undefined;
  }
  async insertCallbackQuery(row: CallbackQueryRow) {
    this.#sql.insert('callback_queries', row);
  }
  async answerCallbackQuery(id: string, answer: string, answeredAt: number) {
    const result = this.#sql.run(
      'UPDATE callback_queries SET answer = ?, answered_at = ? WHERE id = ? AND answered_at IS NULL',
      answer,
      answeredAt,
      id,
    );
    return result.changes === 1;
  }
  async getReadCursor(userId: number, chatPk: number) {
    const row = this.#sql.get(
      'SELECT message_id FROM read_cursors WHERE user_id = ? AND chat_pk = ?',
      userId,
      chatPk,
    );
    return (row?.message_id as number | undefined) ?? 0;
  }
  async setReadCursor(userId: number, chatPk: number, messageId: number) {
    this.#sql.run(
      `INSERT INTO read_cursors (user_id, chat_pk, message_id) VALUES (?, ?, ?)
       ON CONFLICT (user_id, chat_pk) DO UPDATE SET message_id = max(message_id, excluded.message_id)`,
      userId,
      chatPk,
      messageId,
    );
  }

  // ---- updates ----------------------------------------------------------------------------------

  async listUpdates(botId: number, fromId: number, limit: number, nowSec: number) {
    return this.#sql.all(
      `SELECT * FROM updates WHERE bot_id = ? AND update_id >= ? AND expires_at > ?
       ORDER BY update_id LIMIT ${LIMIT_PARAM}`,
      botId,
      fromId,
      nowSec,
      limit,
    ) as unknown as UpdateRow[];
  }
  async countUpdates(botId: number) {
    return this.#sql.get('SELECT count(*) AS n FROM updates WHERE bot_id = ?', botId)!.n as number;
  }
  async listPendingUpdates(botId: number, afterId: number, limit: number) {
    return this.#sql.all(
      `SELECT * FROM updates WHERE bot_id = ? AND update_id > ? ORDER BY update_id LIMIT ${LIMIT_PARAM}`,
      botId,
      afterId,
      limit,
    ) as unknown as UpdateRow[];
  }
  async nextAttemptAt(botId: number) {
    const row = this.#sql.get('SELECT min(next_attempt_at) AS t FROM updates WHERE bot_id = ?', botId);
    return (row?.t as number | null) ?? undefined;
  }
  async insertUpdate(row: UpdateRow) {
    this.#sql.insert('updates', row);
  }
  async deleteUpdate(botId: number, updateId: number) {
    this.#sql.run('DELETE FROM updates WHERE bot_id = ? AND update_id = ?', botId, updateId);
  }
  async deleteUpdatesBelow(botId: number, belowId: number) {
    this.#sql.run('DELETE FROM updates WHERE bot_id = ? AND update_id < ?', botId, belowId);
  }
  async keepLastUpdates(botId: number, keep: number) {
    this.#sql.run(
      `DELETE FROM updates WHERE bot_id = ? AND update_id NOT IN
       (SELECT update_id FROM updates WHERE bot_id = ? ORDER BY update_id DESC LIMIT ${LIMIT_PARAM})`,
      botId,
      botId,
      keep,
    );
  }
  async deleteAllUpdates(botId: number) {
    this.#sql.run('DELETE FROM updates WHERE bot_id = ?', botId);
  }
  async deleteExpiredUpdates(nowSec: number) {
    return this.#sql.run('DELETE FROM updates WHERE expires_at <= ?', nowSec).changes;
  }
  async recordAttempt(botId: number, updateId: number, attempts: number, nextAttemptAt: number) {
    this.#sql.run(
      'UPDATE updates SET attempts = ?, next_attempt_at = ? WHERE bot_id = ? AND update_id = ?',
      attempts,
      nextAttemptAt,
      botId,
      updateId,
    );
  }

  // ---- files ------------------------------------------------------------------------------------

  async getFileByUniqueId(uniqueId: string) {
    return this.#sql.get('SELECT * FROM files WHERE unique_id = ?', uniqueId) as FileRow | undefined;
  }
  async getFileByPk(pk: number) {
    return this.#sql.get('SELECT * FROM files WHERE pk = ?', pk) as FileRow | undefined;
  }
  async getFileRef(fileId: string) {
    return this.#sql.get('SELECT * FROM file_refs WHERE file_id = ?', fileId) as FileRefRow | undefined;
  }
  async getFileRefByPath(botId: number, filePath: string) {
    return this.#sql.get('SELECT * FROM file_refs WHERE bot_id = ? AND file_path = ?', botId, filePath) as
      FileRefRow | undefined;
  }
  async getFileRefForBot(botId: number, filePk: number) {
    return this.#sql.get('SELECT * FROM file_refs WHERE bot_id = ? AND file_pk = ?', botId, filePk) as
      FileRefRow | undefined;
  }
  async insertFile(row: Omit<FileRow, 'pk'>) {
    return Number(this.#sql.insert('files', row).lastInsertRowid);
  }
  async insertFileRef(row: FileRefRow) {
    this.#sql.insert('file_refs', row);
  }

  // ---- settings ---------------------------------------------------------------------------------

  async getSetting(key: string) {
    return this.#sql.get('SELECT value FROM settings WHERE key = ?', key)?.value as string | undefined;
  }
  async setSetting(key: string, value: string) {
    this.#sql.run(
      'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      key,
      value,
    );
  }

  // ---- polls and media attributes ---------------------------------------------------------------

  async getPoll(id: string) {
    const row = this.#sql.get('SELECT * FROM polls WHERE id = ?', id);
    return row ? ({ ...row, is_closed: row.is_closed === 1 } as unknown as PollRow) : undefined;
  }
  async listPollVotes(pollId: string) {
    return this.#sql.all(
      'SELECT * FROM poll_votes WHERE poll_id = ? ORDER BY user_id',
      pollId,
    ) as unknown as PollVoteRow[];
  }
  async listPollMessages(pollId: string) {
    return this.#sql.all(
      'SELECT chat_pk, message_id FROM poll_messages WHERE poll_id = ? ORDER BY chat_pk, message_id',
      pollId,
    ) as Array<{ chat_pk: number; message_id: number }>;
  }
  async getFileAttributes(filePk: number) {
    return this.#sql.get('SELECT data FROM file_attributes WHERE file_pk = ?', filePk)?.data as
      string | undefined;
  }
  async insertPoll(row: PollRow) {
    this.#sql.insert('polls', row);
  }
  async updatePoll(id: string, patch: Partial<Pick<PollRow, 'data' | 'is_closed'>>) {
    const keys = Object.keys(patch) as Array<keyof typeof patch>;
    if (keys.length === 0) return;
    const sql = `UPDATE polls SET ${keys.map((k) => `${k} = ?`).join(', ')} WHERE id = ?`;
    this.#sql.run(sql, ...keys.map((k) => sqlValue(patch[k])), id);
  }
  async setPollVote(row: PollVoteRow) {
    this.#sql.run(
      `INSERT INTO poll_votes (poll_id, user_id, option_ids, voted_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (poll_id, user_id) DO UPDATE SET option_ids = excluded.option_ids,
       voted_at = excluded.voted_at`,
      row.poll_id,
      row.user_id,
      row.option_ids,
      row.voted_at,
    );
  }
  async deletePollVote(pollId: string, userId: number) {
    this.#sql.run('DELETE FROM poll_votes WHERE poll_id = ? AND user_id = ?', pollId, userId);
  }
  async addPollMessage(pollId: string, chatPk: number, messageId: number) {
    this.#sql.run(
      'INSERT OR IGNORE INTO poll_messages (poll_id, chat_pk, message_id) VALUES (?, ?, ?)',
      pollId,
      chatPk,
      messageId,
    );
  }
  async setFileAttributes(filePk: number, data: string) {
    this.#sql.run(
      'INSERT INTO file_attributes (file_pk, data) VALUES (?, ?) ON CONFLICT (file_pk) DO UPDATE SET data = excluded.data',
      filePk,
      data,
    );
  }

  // ---- inline mode, reactions, pins ---------------------------------------------------------------

  async getInlineQuery(id: string) {
    return toInlineQuery(this.#sql.get('SELECT * FROM inline_queries WHERE id = ?', id));
  }
  async findCachedInlineAnswer(botId: number, query: string, offset: string, userId: number, nowSec: number) {
    return toInlineQuery(
      this.#sql.get(
        `SELECT * FROM inline_queries WHERE bot_id = ? AND query = ? AND query_offset = ? AND cache_until > ?
         AND (is_personal = 0 OR user_id = ?) ORDER BY answered_at DESC, created_at DESC LIMIT 1`,
        botId,
        query,
        offset,
        nowSec,
        userId,
      ),
    );
  }
  async getInlineMessage(id: string) {
    return this.#sql.get('SELECT * FROM inline_messages WHERE id = ?', id) as InlineMessageRow | undefined;
  }
  async listMessageReactions(chatPk: number, messageId: number) {
    return this.#sql
      .all(
        `SELECT * FROM message_reactions WHERE chat_pk = ? AND message_id = ?
       ORDER BY updated_at, user_id`,
        chatPk,
        messageId,
      )
      .map((row) => ({ ...row, is_big: row.is_big === 1 }) as unknown as MessageReactionRow);
  }
  async listPinnedMessages(chatPk: number) {
    return this.#sql
      .all(
        `SELECT p.message_id FROM pinned_messages p JOIN messages m
       ON m.chat_pk = p.chat_pk AND m.message_id = p.message_id
       WHERE p.chat_pk = ? ORDER BY p.message_id DESC`,
        chatPk,
      )
      .map((row) => row.message_id as number);
  }
  async insertInlineQuery(row: InlineQueryRow) {
    this.#sql.insert('inline_queries', row);
  }
  async answerInlineQuery(
    id: string,
    answer: { answer: string; answered_at: number; cache_until: number; is_personal: boolean },
  ) {
    const result = this.#sql.run(
      `UPDATE inline_queries SET answer = ?, answered_at = ?, cache_until = ?, is_personal = ?
       WHERE id = ? AND answered_at IS NULL`,
      answer.answer,
      answer.answered_at,
      answer.cache_until,
      answer.is_personal ? 1 : 0,
      id,
    );
    return result.changes === 1;
  }
  async deleteInlineQueriesBefore(beforeSec: number) {
    return this.#sql.run('DELETE FROM inline_queries WHERE created_at < ?', beforeSec).changes;
  }
  async insertInlineMessage(row: InlineMessageRow) {
    this.#sql.insert('inline_messages', row);
  }
  async setMessageReaction(row: MessageReactionRow) {
    this.#sql.run(
      `INSERT INTO message_reactions (chat_pk, message_id, user_id, reaction, is_big, updated_at)
       VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (chat_pk, message_id, user_id) DO UPDATE SET
       reaction = excluded.reaction, is_big = excluded.is_big, updated_at = excluded.updated_at`,
      row.chat_pk,
      row.message_id,
      row.user_id,
      row.reaction,
      row.is_big ? 1 : 0,
      row.updated_at,
    );
  }
  async deleteMessageReaction(chatPk: number, messageId: number, userId: number) {
    this.#sql.run(
      'DELETE FROM message_reactions WHERE chat_pk = ? AND message_id = ? AND user_id = ?',
      chatPk,
      messageId,
      userId,
    );
  }
  async pinMessage(chatPk: number, messageId: number, pinnedAt: number) {
    this.#sql.run(
      `INSERT INTO pinned_messages (chat_pk, message_id, pinned_at) VALUES (?, ?, ?)
       ON CONFLICT (chat_pk, message_id) DO UPDATE SET pinned_at = excluded.pinned_at`,
      chatPk,
      messageId,
      pinnedAt,
    );
  }
  async unpinMessage(chatPk: number, messageId: number) {
    return (
      this.#sql.run('DELETE FROM pinned_messages WHERE chat_pk = ? AND message_id = ?', chatPk, messageId)
        .changes === 1
    );
  }
  async unpinAllMessages(chatPk: number) {
    return this.#sql.run('DELETE FROM pinned_messages WHERE chat_pk = ?', chatPk).changes;
  }

  // ---- groups: chats, invite links and join requests (migrations/005-groups.sql) ----

  async updateChat(
    pk: number,
    patch: Partial<Pick<ChatRow, 'title' | 'description' | 'username' | 'permissions' | 'migrated_to_id'>>,
  ) {
    const keys = Object.keys(patch) as Array<keyof typeof patch>;
    if (keys.length === 0) return;
    const sql = `UPDATE chats SET ${keys.map((k) => `${k} = ?`).join(', ')} WHERE pk = ?`;
    this.#sql.run(sql, ...keys.map((k) => patch[k] ?? null), pk);
    this.#chats.delete(pk);
  }
  async getInviteLink(link: string) {
    return toInviteLink(this.#sql.get('SELECT * FROM chat_invite_links WHERE link = ?', link));
  }
  async listInviteLinks(chatPk: number) {
    return this.#sql
      .all('SELECT * FROM chat_invite_links WHERE chat_pk = ? ORDER BY created_at, rowid', chatPk)
      .map((row) => toInviteLink(row)!);
  }
  async insertInviteLink(row: InviteLinkRow) {
    this.#sql.insert('chat_invite_links', row);
  }
  async updateInviteLink(
    link: string,
    patch: Partial<
      Pick<InviteLinkRow, 'name' | 'expire_date' | 'member_limit' | 'creates_join_request' | 'is_revoked'>
    >,
  ) {
    const keys = Object.keys(patch) as Array<keyof typeof patch>;
    if (keys.length === 0) return;
    const sql = `UPDATE chat_invite_links SET ${keys.map((k) => `${k} = ?`).join(', ')} WHERE link = ?`;
    this.#sql.run(sql, ...keys.map((k) => sqlValue(patch[k] ?? null)), link);
  }
  async getJoinRequest(chatPk: number, userId: number) {
    return this.#sql.get(
      'SELECT * FROM chat_join_requests WHERE chat_pk = ? AND user_id = ?',
      chatPk,
      userId,
    ) as JoinRequestRow | undefined;
  }
  async listJoinRequests(chatPk: number) {
    return this.#sql.all(
      'SELECT * FROM chat_join_requests WHERE chat_pk = ? ORDER BY date, user_id',
      chatPk,
    ) as unknown as JoinRequestRow[];
  }
  async upsertJoinRequest(row: JoinRequestRow) {
    this.#sql.run(
      `INSERT INTO chat_join_requests (chat_pk, user_id, invite_link, date) VALUES (?, ?, ?, ?)
       ON CONFLICT (chat_pk, user_id) DO UPDATE SET invite_link = excluded.invite_link, date = excluded.date`,
      row.chat_pk,
      row.user_id,
      row.invite_link,
      row.date,
    );
  }
  async deleteJoinRequest(chatPk: number, userId: number) {
    this.#sql.run('DELETE FROM chat_join_requests WHERE chat_pk = ? AND user_id = ?', chatPk, userId);
  }
}

function toInviteLink(row: Row | undefined): InviteLinkRow | undefined {
  if (!row) return undefined;
  return {
    ...(row as unknown as InviteLinkRow),
    creates_join_request: row.creates_join_request === 1,
    is_primary: row.is_primary === 1,
    is_revoked: row.is_revoked === 1,
  };
}

/** Takes group and other bits away from a file that may not exist. */
function tightenIfPresent(file: string): void {
  try {
    makeOwnerOnly(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
