/**
 * The scene of the sending tests: a server, a bot, and two people (Alice and Bob) who both wrote
 * to the bot first (a bot can only write to people who did), with helpers to read what they see.
 */
import { Api, GrammyError } from 'grammy';
import type { Update } from 'grammy/types';
import { expect } from 'vitest';
import { phone, startServer, type TestServer } from './in-process.js';
import { waitFor } from './wait-for.js';

export interface Person {
  id: number;
  phone: string;
}

export interface SendingScene {
  server: TestServer;
  api: Api;
  token: string;
  botId: number;
  botName: string;
  alice: Person;
  bob: Person;
  /** How many messages the person sees in their chat with the bot. */
  count(person: Person): Promise<number>;
  /** The person writes to the bot; returns the message_id. */
  say(person: Person, text: string): Promise<number>;
  /** Runs refused calls; neither person's message count may change meanwhile. */
  storesNothing(body: () => Promise<void>): Promise<void>;
  /** The bot's next update of `type` by getUpdates (earlier ones are confirmed on the way). */
  nextUpdate(type: keyof Update): Promise<Record<string, unknown>>;
}

export async function startSendingScene(name: string): Promise<SendingScene> {
  const server = await startServer();
  const bot = await server.control.createBot({ username: `${name}${process.pid % 1000}_bot` });
  const people: Person[] = [];
  for (const first of ['Alice', 'Bob']) {
    const user = await server.control.createUser({
      phone_number: phone(),
      first_name: first,
      last_name: 'Test',
    });
    people.push({ id: user.id, phone: user.phone_number });
    await server.control.sendMessage({ from: user.phone_number, chat: `@${bot.username}`, text: 'hi' });
  }
  const api = new Api(bot.token, { apiRoot: server.url });
  const count = async (person: Person) =>
    (await server.control.listMessages({ user: person.phone, chat: `@${bot.username}`, limit: 100 })).length;
  let offset = 0;
  return {
    server,
    api,
    token: bot.token,
    botId: bot.id,
    botName: bot.username,
    alice: people[0]!,
    bob: people[1]!,
    count,
    say: async (person, text) =>
      (await server.control.sendMessage({ from: person.phone, chat: `@${bot.username}`, text })).message_id,
    async storesNothing(body) {
      const before = [await count(people[0]!), await count(people[1]!)];
      await body();
      expect([await count(people[0]!), await count(people[1]!)]).toEqual(before);
    },
    nextUpdate: (type) =>
      waitFor(
        async () => {
          for (const update of await api.getUpdates({ offset, timeout: 0 })) {
            offset = update.update_id + 1;
            if (update[type] !== undefined) return update[type] as unknown as Record<string, unknown>;
          }
          return undefined;
        },
        { what: `a ${type} update` },
      ),
  };
}

/** The call fails with a GrammyError of exactly this description. */
export async function expectRefused(call: Promise<unknown>, description: string): Promise<void> {
  const error = await call.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(GrammyError);
  expect((error as GrammyError).description).toBe(description);
}
