/**
 * The rows the PostgreSQL adapter keeps in memory (ADR 0025, "Caches"): users by id, chats by pk,
 * private chats' pks by their pair of users, and members by chat and user, which every send reads
 * (the ports allow it: ports/users.ts, ports/chats.ts). Only committed rows are kept:
 *
 * - A read on the pool keeps its row only if nothing was forgotten since it was sent (the
 *   generation did not move), so a read that raced a commit never keeps the old row.
 * - A transaction answers from the cache except for the rows it wrote itself (those go to its
 *   connection); it keeps a row it read only if nothing was forgotten since it began (its snapshot
 *   is then no older than the cache) and it has not written that row.
 * - A transaction that writes a cached row forgets it here when it commits, and tells the other
 *   processes in the same commit (a `rows.changed` NOTIFY, pg-store.ts); they forget it when they
 *   hear it (store.forgetCached), and everything when their listening connection was lost.
 *
 * So another process's change is seen once its notification is heard (at once in practice, and
 * the ports' contracts allow that much). Message ids are not read from here: they come from the
 * chat row's increment (tables/chats.ts); a kept chat's `last_message_id` is moved up at commit.
 */
import type { ChatRow, MemberRow } from '../ports/chats.js';
import type { CachedArea } from '../ports/events.js';
import type { UserRow } from '../ports/users.js';
import { LruMap, ROW_CACHE_CAPACITY } from '../lru-map.js';
import { ChatPks } from './pg-chat-pks.js';

export class PgCaches {
  #generation = 0;
  /** Rows kept while in use (lru-map.ts, ADR 0092): a full cache drops its coldest row per new one. */
  readonly #users = new LruMap<number, UserRow>();
  readonly #chats = new LruMap<number, ChatRow>();
  /** `a:b` (a < b) -> pk. A private chat's pk never changes once committed. */
  readonly #privateChats = new LruMap<string, number>();
  /** Members by chat, the chats in the order used; past the capacity the coldest chats go. */
  readonly #members = new LruMap<number, Map<number, MemberRow>>(Number.MAX_SAFE_INTEGER);
  /** Chats whose members are all kept: a user not among them is not a member (`allMembers`). */
  readonly #wholeChats = new Set<number>();
  /**
   * A user's id by `p<phone>` or `n<lower-case username>`, both unique: a hint only, taken when the
   * user's row (by id, through this cache) still has that phone or username.
   */
  readonly #userIds = new LruMap<string, number>();
  /**
   * Pairs (`a:b`) whose private chat a read on the pool did not find: a hint only, taken once by
   * the write that creates the chat (tables/chats.ts `ensurePrivateChat`), whose insert then goes
   * without waiting for an answer; if the chat was made since, the insert fails and the write runs
   * again without the hint.
   */
  readonly #noPrivateChats = new LruMap<string, true>();
  /**
   * Callback queries a read on the pool found unanswered: a hint only, taken once by the write that
   * answers the query (tables/messages.ts `answerCallbackQuery`), whose conditional update then
   * waits for the write's next statement; if the query was answered since, that update fails and
   * the write runs again without the hint.
   */
  readonly #unansweredQueries = new LruMap<string, true>();
  /** A chat's pk by its public id: a hint only, taken when the chat's kept row still has that id. */
  readonly #chatPks = new LruMap<number, number>();
  /**
   * The bot members of a chat (a group's send queues an update for each), by chat pk: forgotten
   * with the chat, as its members are (a member's change forgets the chat, here and by NOTIFY).
   */
  readonly #botMembers = new LruMap<number, MemberRow[]>();
  /** Members kept, in all chats. */
  #memberCount = 0;
  /** New chats' pks, taken ahead (not rows: kept through `clear`). */
  readonly chatPks = new ChatPks();

  /** Moves on every forget: a read sent before it may hold what was forgotten. */
  get generation(): number {
    return this.#generation;
  }

  user(id: number): UserRow | undefined {
    return this.#users.get(id);
  }
  chat(pk: number): ChatRow | undefined {
    return this.#chats.get(pk);
  }
  privateChatPk(a: number, b: number): number | undefined {
    return this.#privateChats.get(`${a}:${b}`);
  }
  userIdBy(key: string): number | undefined {
    return this.#userIds.get(key);
  }
  chatPkById(id: number): number | undefined {
    return this.#chatPks.get(id);
  }
  botMembers(chatPk: number): MemberRow[] | undefined {
    return this.#botMembers.get(chatPk);
  }
  /** A member kept; null: not a member (the chat's members are all kept), undefined: not known. */
  member(chatPk: number, userId: number): MemberRow | null | undefined {
    const members = this.#members.get(chatPk);
    return members?.get(userId) ?? (members && this.#wholeChats.has(chatPk) ? null : undefined);
  }

  /** A read on the pool found no private chat of `a` and `b` (a < b). */
  keepNoPrivateChat(a: number, b: number): void {
    this.#noPrivateChats.set(`${a}:${b}`, true);
  }
  /** Whether a read found no private chat of `a` and `b` since the last call (the hint goes). */
  takeNoPrivateChat(a: number, b: number): boolean {
    return this.#noPrivateChats.delete(`${a}:${b}`);
  }

  /** A read on the pool found callback query `id` unanswered. */
  keepUnansweredQuery(id: string): void {
    this.#unansweredQueries.set(id, true);
  }
  /** Whether a read found query `id` unanswered since the last call (the hint goes). */
  takeUnansweredQuery(id: string): boolean {
    return this.#unansweredQueries.delete(id);
  }

  keepUser(row: UserRow): void {
    this.#users.set(row.id, row);
  }
  keepUserId(key: string, id: number): void {
    this.#userIds.set(key, id);
  }
  keepChat(row: ChatRow): void {
    this.#chats.set(row.pk, row);
    if (row.id !== null) this.#chatPks.set(row.id, row.pk);
    if (row.type === 'private' && row.user_a !== null && row.user_b !== null) {
      this.#privateChats.set(`${row.user_a}:${row.user_b}`, row.pk);
      this.#noPrivateChats.delete(`${row.user_a}:${row.user_b}`);
    }
  }
  keepBotMembers(chatPk: number, rows: MemberRow[]): void {
    this.#botMembers.set(chatPk, rows);
  }
  /** All the members of a chat, read together. */
  keepAllMembers(chatPk: number, rows: MemberRow[]): void {
    for (const row of rows) this.keepMember(row);
    if (rows.length === 0 || this.#members.peek(chatPk)?.size !== rows.length) return;
    this.#wholeChats.add(chatPk);
  }
  keepMember(row: MemberRow): void {
    while (this.#memberCount >= ROW_CACHE_CAPACITY) {
      const coldest = this.#members.oldest();
      if (coldest === undefined) break;
      this.#memberCount -= this.#members.peek(coldest)!.size;
      this.#members.delete(coldest);
      this.#wholeChats.delete(coldest);
    }
    let members = this.#members.get(row.chat_pk);
    if (!members) {
      members = new Map();
      this.#members.set(row.chat_pk, members);
    }
    if (!members.has(row.user_id)) this.#memberCount++;
    members.set(row.user_id, row);
  }

  /** A committed write handed out message ids up to `lastId` in a kept chat. */
  movedLastMessageId(chatPk: number, lastId: number): void {
    const chat = this.#chats.peek(chatPk);
    if (chat && chat.last_message_id < lastId) this.#chats.set(chatPk, { ...chat, last_message_id: lastId });
  }

  /** Forgets a row that changed (a chat with its members). */
  forget(area: CachedArea, id: number): void {
    this.#generation++;
    if (area === 'user') this.#users.delete(id);
    else if (area === 'chat') {
      this.#chats.delete(id);
      this.#botMembers.delete(id);
      this.#memberCount -= this.#members.peek(id)?.size ?? 0;
      this.#members.delete(id);
      this.#wholeChats.delete(id);
    }
  }

  /** Forgets everything (changes may have gone unheard). */
  clear(): void {
    this.#generation++;
    this.#users.clear();
    this.#chats.clear();
    this.#privateChats.clear();
    this.#noPrivateChats.clear();
    this.#unansweredQueries.clear();
    this.#chatPks.clear();
    this.#botMembers.clear();
    this.#members.clear();
    this.#userIds.clear();
    this.#wholeChats.clear();
    this.#memberCount = 0;
  }
}

/** A row's name in a scope: which one a write touched. */
/** `b<chat pk>`: the chat's bot members, which a write of any member of the chat touches. */
export type CacheKey = `u${number}` | `c${number}` | `m${number}:${number}` | `b${number}`;

/** How reads and writes of one connection (the pool, or a transaction) use the caches. */
export interface CacheScope {
  readonly caches: PgCaches;
  /** Whether the kept copy of `key` may answer (not one this transaction wrote). */
  fresh(key: CacheKey): boolean;
  /** Taken before a read is sent; given back to `mayKeep`. */
  token(): number;
  /** Whether a row read with `token` may be kept. */
  mayKeep(key: CacheKey, token: number): boolean;
  /**
   * A write of this transaction inserted or changed the row `key`: it is read from the connection
   * from now on. `changed` (a row that existed) is forgotten at commit, here and by NOTIFY in the
   * other processes. Only in a transaction.
   */
  wrote(key: CacheKey, changed?: { area: CachedArea; id: number }): void;
  /** A write handed out message ids in a chat up to `lastId`. Only in a transaction. */
  handedOut(chatPk: number, lastId: number): void;
  /** A write inserted this user (TxScope: kept at its commit). Only in a transaction. */
  insertedUser(row: UserRow): void;
  /** A write inserted this chat (TxScope: kept at its commit, with its members). Only in a transaction. */
  insertedChat(row: ChatRow): void;
  /** A write wrote a member row (TxScope: kept at its commit if its chat is one the transaction inserted). */
  wroteMember(row: MemberRow): void;
}

/** Reads outside a write: committed data. */
export class PoolScope implements CacheScope {
  constructor(readonly caches: PgCaches) {}
  fresh(): boolean {
    return true;
  }
  token(): number {
    return this.caches.generation;
  }
  mayKeep(_key: CacheKey, token: number): boolean {
    return this.caches.generation === token;
  }
  wrote(): void {
    throw new Error('a write outside a transaction');
  }
  handedOut(): void {
    throw new Error('a write outside a transaction');
  }
  insertedUser(): void {
    throw new Error('a write outside a transaction');
  }
  insertedChat(): void {
    throw new Error('a write outside a transaction');
  }
  wroteMember(): void {
    throw new Error('a write outside a transaction');
  }
}

/** One transaction (a batch of writes, or one write). */
export class TxScope implements CacheScope {
  readonly #touched = new Set<CacheKey>();
  /** The rows to forget at commit, here and (by NOTIFY) in the other processes. */
  readonly changed = new Map<string, { area: CachedArea; id: number }>();
  #lastIds = new Map<number, number>();
  /** `#lastIds` when the running write's savepoint was taken. */
  #atSavepoint = new Map<number, number>();
  /** Users this transaction inserted (`insertedUser`); how many when the savepoint was taken. */
  #insertedUsers: UserRow[] = [];
  #usersAtSavepoint = 0;
  /** Chats this transaction inserted, by pk, with the members it wrote in them (`insertedChat`). */
  #insertedChats = new Map<number, { row: ChatRow; members: Map<number, MemberRow> }>();
  /** The generation when the transaction began: before its snapshot was taken. */
  readonly #start: number;

  constructor(readonly caches: PgCaches) {
    this.#start = caches.generation;
  }

  fresh(key: CacheKey): boolean {
    return !this.#touched.has(key);
  }
  token(): number {
    return this.#start;
  }
  mayKeep(key: CacheKey, token: number): boolean {
    return !this.#touched.has(key) && this.caches.generation === token;
  }
  wrote(key: CacheKey, changed?: { area: CachedArea; id: number }): void {
    this.#touched.add(key);
    if (changed) this.changed.set(`${changed.area}:${changed.id}`, changed);
  }
  handedOut(chatPk: number, lastId: number): void {
    this.#lastIds.set(chatPk, Math.max(lastId, this.#lastIds.get(chatPk) ?? 0));
  }

  /**
   * The transaction inserted this user (its row as written): kept at the commit, with its phone's
   * and username's hints, if nothing was forgotten since the transaction began (so no change of
   * it by a later transaction, here or in another process, can have been heard before), and
   * forgotten after if the transaction changed it too. A person is made, then acts by phone.
   */
  insertedUser(row: UserRow): void {
    this.#insertedUsers.push({ ...row });
  }

  /**
   * The transaction inserted this chat: kept at the commit with the members it wrote in it (all
   * of the chat's: no one else saw it before), on the rule of `insertedUser`. A person's first
   * message to a bot makes their private chat, and the bot's reply then finds the chat and its
   * members kept (each was a read, the members' one inside the reply's write).
   */
  insertedChat(row: ChatRow): void {
    this.#insertedChats.set(row.pk, { row: { ...row }, members: new Map() });
  }
  wroteMember(row: MemberRow): void {
    this.#insertedChats.get(row.chat_pk)?.members.set(row.user_id, { ...row });
  }

  /** A write begins in a savepoint of its own. */
  savepoint(): void {
    this.#atSavepoint = new Map(this.#lastIds);
    this.#usersAtSavepoint = this.#insertedUsers.length;
  }

  /** The write was rolled back to its savepoint: the ids it was handed and the users it inserted
   * are not kept. (What it changed is still forgotten at the end: forgetting is always safe.) */
  rolledBack(): void {
    this.#lastIds = new Map(this.#atSavepoint);
    this.#insertedUsers.length = this.#usersAtSavepoint;
    // What the write did to the chats inserted may be undone: none is kept (always safe).
    this.#insertedChats.clear();
  }

  /**
   * The transaction ended: what it changed leaves the cache whatever the outcome (a commit whose
   * answer was lost may have happened); the ids it was handed count only if it `committed`.
   */
  ended(committed: boolean): void {
    if (committed && this.caches.generation === this.#start)
      for (const row of this.#insertedUsers) {
        this.caches.keepUser(row);
        if (row.phone_number) this.caches.keepUserId(`p${row.phone_number}`, row.id);
        if (row.username) this.caches.keepUserId(`n${row.username.toLowerCase()}`, row.id);
      }
    if (committed && this.caches.generation === this.#start)
      for (const { row, members } of this.#insertedChats.values()) {
        this.caches.keepChat(row);
        if (members.size > 0) this.caches.keepAllMembers(row.pk, [...members.values()]);
      }
    for (const { area, id } of this.changed.values()) this.caches.forget(area, id);
    if (!committed) return;
    for (const [chatPk, lastId] of this.#lastIds) this.caches.movedLastMessageId(chatPk, lastId);
  }
}
