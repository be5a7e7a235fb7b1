/**
 * What the tests of groups, supergroups, channels and privacy mode share: people and bots on one
 * in-process server, a grammY Api per bot, and each bot's updates read with getUpdates.
 */
import { Api, GrammyError } from 'grammy';
import { callBotApi, phone, type TestServer } from './in-process.js';
import type { BotRecord, CreateBotParams } from '../../src/testkit/index.js';
import type { MemberStatus } from '../../src/storage/store.js';
import { chat } from '../../src/storage/contracts/fixtures.js';

export type Update = { update_id: number } & Record<string, Record<string, unknown> | number>;

export interface TestBot {
  record: BotRecord;
  token: string;
  api: Api;
  /** The updates queued since the last call (confirmed by offset); `allowed` sets allowed_updates. */
  updates(allowed?: string[]): Promise<Update[]>;
}

let counter = 0;

export function groupKit(server: () => TestServer) {
  async function person(first_name = 'Alice') {
    return server().control.createUser({ phone_number: phone(), first_name });
  }

  async function bot(prefix: string, extra: Partial<CreateBotParams> = {}): Promise<TestBot> {
    counter += 1;
    const record = await server().control.createBot({ username: `${prefix}${counter}_bot`, ...extra });
    let offset = 0;
    return {
      record,
      token: record.token,
      api: new Api(record.token, { apiRoot: server().url }),
      async updates(allowed) {
        const params: Record<string, unknown> = { offset, timeout: 0 };
        if (allowed) params.allowed_updates = allowed;
        const { body } = await callBotApi(server(), record.token, 'getUpdates', params);
        const list = body.result as Update[];
        if (list.length > 0) offset = list.at(-1)!.update_id + 1;
        return list;
      },
    };
  }

  /** A person, a bot and their private chat (`@username`), opened by the person saying `text`. */
  async function conversation(prefix: string, text = 'hello') {
    const alice = await person('Alice');
    const b = await bot(prefix);
    const chat = `@${b.record.username}`;
    await server().control.sendMessage({ from: alice.id, chat, text });
    return { alice, b, chat };
  }

  return { person, bot, conversation };
}

/** The type of each update (the key beside update_id). */
export const kinds = (updates: Update[]) =>
  updates.map((update) => Object.keys(update).find((key) => key !== 'update_id'));

/** The object under `type` of the first update of that type. */
export function first(updates: Update[], type: string): Record<string, unknown> {
  const found = updates.find((update) => update[type] !== undefined);
  if (!found) throw new Error(`no ${type} among ${JSON.stringify(kinds(updates))}`);
  return found[type] as Record<string, unknown>;
}

/** The Bot API error of a call that must fail: its code, description and parameters. */
export async function failure(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    if (error instanceof GrammyError) {
      return { code: error.error_code, description: error.description, parameters: error.parameters };
    }
    throw error;
  }
  throw new Error('the call succeeded');
}

let stored = 0;

/**
 * A group-like chat written directly to `server`'s storage with `members` (user id, status, member
 * data), for tests of what a chat's members may do rather than of how they got there; its id.
 */
export async function chatInStorage(
  server: TestServer,
  type: 'group' | 'supergroup' | 'channel',
  members: Array<[number, MemberStatus, object?]>,
): Promise<number> {
  stored += 1;
  const id = -1_000_000_000_000 - stored * 1000 - (process.pid % 1000);
  await server.parley.platform.deps.store.write(async (tx) => {
    const pk = await tx.insertChat(chat({ id, type, title: `Team ${stored}` }));
    for (const [userId, status, data] of members) {
      await tx.upsertMember({
        chat_pk: pk,
        user_id: userId,
        status,
        data: JSON.stringify(data ?? {}),
        updated_at: 1,
      });
    }
  });
  return id;
}
