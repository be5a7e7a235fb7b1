/**
 * The world of scenario 9 (issue 31): people, bots (half long-polling, half on webhooks), groups of
 * 20-200 people with one of the bots in each, and a gateway account, made through the control API of
 * one or more nodes (spread over them as a balancer would). The people's private chats begin with
 * their first message, as on the platform.
 */
import { performance } from 'node:perf_hooks';
import type { Pool } from 'undici';
import { newPool, send } from './load.js';
import { ADMIN_TOKEN, phoneNumber } from './parley.js';

export interface WorldSize {
  bots: number;
  people: number;
  /** Groups of 20-200 people and one bot. */
  groups: number;
}

export interface WorldGroup {
  id: number;
  /** The bot in it (an index into `bots`). */
  bot: number;
  /** Its people's phone numbers. */
  members: string[];
}

export interface World {
  size: WorldSize;
  bots: Array<{ id: number; username: string; token: string; webhook: boolean }>;
  phones: string[];
  groups: WorldGroup[];
  /** The gateway account's access token. */
  gatewayToken: string;
  /** Seconds the world took to create, and the groups' part of it. */
  createSeconds: number;
  groupSeconds: number;
  memberships: number;
}

export const JSON_HEADERS = { 'content-type': 'application/json' };
export const CONTROL_HEADERS = { ...JSON_HEADERS, authorization: `Bearer ${ADMIN_TOKEN}` };
/** Calls in flight at once while creating the world. */
const CREATE_CONCURRENCY = 32;

/** Runs `make(i)` for i < count, `width` at a time. */
export async function inParallel<T>(
  count: number,
  make: (i: number) => Promise<T>,
  width = CREATE_CONCURRENCY,
): Promise<T[]> {
  const out: T[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      out[i] = await make(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, count) }, worker));
  return out;
}

/** A POST answering `result`; throws on `ok: false`. */
export async function call<T>(
  pool: Pool,
  path: string,
  headers: Record<string, string>,
  body: object,
): Promise<T> {
  const answer = await send(pool, { method: 'POST', path, headers, body: JSON.stringify(body) });
  const parsed = JSON.parse(answer.text) as { ok: boolean; result?: T; description?: string };
  if (!parsed.ok) throw new Error(`${path}: ${answer.status} ${answer.text.slice(0, 200)}`);
  return parsed.result!;
}

/** The size of group `g`: 20-200 people, spread over the range. */
export const groupSize = (g: number, people: number) => Math.min(people - 1, 20 + ((g * 67) % 181));

/**
 * Creates the world through the nodes' control APIs; `tag` keeps usernames apart. `beforeGroups`
 * runs once the people and bots are made, before the groups (a bench measuring the groups alone).
 */
export async function createWorld(
  origins: string[],
  size: WorldSize,
  tag: string,
  beforeGroups?: () => Promise<void>,
): Promise<World> {
  const pools = origins.map((origin) => newPool(origin, CREATE_CONCURRENCY));
  const at = (i: number) => pools[i % pools.length]!;
  const t0 = performance.now();
  try {
    const phones = await inParallel(size.people, async (i) => {
      const phone = phoneNumber();
      await call(at(i), '/control/users', CONTROL_HEADERS, { phone_number: phone, first_name: 'Pop' });
      return phone;
    });
    const bots = await inParallel(size.bots, async (i) => {
      const bot = await call<{ id: number; username: string; token: string }>(
        at(i),
        '/control/bots',
        CONTROL_HEADERS,
        { username: `pop${tag}${i}_bot` },
      );
      return { id: bot.id, username: bot.username, token: bot.token, webhook: i % 2 === 1 };
    });
    await beforeGroups?.();
    const g0 = performance.now();
    let memberships = 0;
    const groups = await inParallel(
      size.groups,
      async (g) => {
        const count = groupSize(g, size.people);
        const first = (g * 7919) % size.people;
        const members = Array.from({ length: count }, (_, k) => phones[(first + k) % size.people]!);
        const bot = g % size.bots;
        memberships += count + 1;
        const chat = await call<{ id: number }>(at(g), '/control/chats', CONTROL_HEADERS, {
          owner: members[0],
          title: `Pop ${g}`,
          type: 'group',
          members: [...members.slice(1), `@${bots[bot]!.username}`],
        });
        return { id: chat.id, bot, members };
      },
      4,
    );
    const groupSeconds = (performance.now() - g0) / 1000;
    const account = await call<{ access_token: string }>(
      at(0),
      '/control/gateway/accounts',
      CONTROL_HEADERS,
      {
        owner_phone_number: phones[0],
        credits: 1_000_000_000,
      },
    );
    return {
      size,
      bots,
      phones,
      groups,
      gatewayToken: account.access_token,
      createSeconds: (performance.now() - t0) / 1000,
      groupSeconds,
      memberships,
    };
  } finally {
    await Promise.all(pools.map((pool) => pool.close()));
  }
}
