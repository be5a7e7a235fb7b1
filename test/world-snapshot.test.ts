/**
 * A world's export is a snapshot (ADR 0102, issue 29): taken while people are created, join a group
 * and write in it, each export holds a world as it was at one moment: every member and every sender
 * is among the file's people, every sender of the group is among its members, and the file imports
 * into a fresh server. On SQLite and on PostgreSQL (skipped without a database, as the others are).
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { WorldFile } from '../src/testkit/index.js';
import {
  dropSchema,
  postgresAvailable,
  TEST_POSTGRES_URL,
  testSchema,
} from '../src/storage/contracts/postgres.js';
import { phone, startServer, type TestServer } from './helpers/in-process.js';

/** People who join the group one by one while exports are taken. */
const JOINERS = 25;

/** What is wrong with the file as a moment of the world; empty when nothing is. */
function inconsistencies(file: WorldFile, groupId: number): string[] {
  const problems: string[] = [];
  const known = new Set<unknown>([
    ...(file.people ?? []).map((p) => (p.username ? `@${p.username}` : p.phone_number)),
    ...(file.bots ?? []).map((b) => `@${b.username}`),
  ]);
  for (const chat of file.chats ?? []) {
    for (const member of chat.members ?? [])
      if (!known.has(member.user))
        problems.push(`member ${String(member.user)} of ${chat.id} is not in people`);
    for (const message of chat.messages ?? [])
      if (message.from !== undefined && !known.has(message.from))
        problems.push(`sender ${String(message.from)} of ${chat.id}/${message.id} is not in people`);
  }
  const group = file.chats?.find((chat) => chat.id === groupId);
  const members = new Set(group?.members?.map((m) => m.user));
  for (const message of group?.messages ?? [])
    if (!members.has(message.from!))
      problems.push(`sender ${String(message.from)} is not a member of the group`);
  return problems;
}

async function exportWhileWriting(server: TestServer) {
  const { control } = server;
  const owner = await control.createUser({
    phone_number: phone(),
    first_name: 'Owner',
    username: 'snap_owner',
  });
  const group = await control.createChat({ owner: owner.id, title: 'Busy room', type: 'supergroup' });
  let writing = true;
  const writer = (async () => {
    try {
      for (let i = 0; i < JOINERS; i++) {
        const user = await control.createUser({
          phone_number: phone(),
          first_name: `J${i}`,
          username: `snap_j${i}`,
        });
        await control.addChatMember({ by: owner.id, chat: group.id, user: user.id });
        await control.sendMessage({ from: user.id, chat: group.id, text: `hello ${i}` });
      }
    } finally {
      writing = false;
    }
  })();
  const exports: WorldFile[] = [];
  while (writing) exports.push(await control.exportWorld({ messages: true }));
  await writer;
  return { group, exports };
}

async function checkSnapshots(server: TestServer) {
  const { group, exports } = await exportWhileWriting(server);
  for (const file of exports) expect(inconsistencies(file, group.id)).toEqual([]);
  // The exports were taken while the world changed: they saw it at different sizes.
  const sizes = new Set(exports.map((file) => file.people?.length));
  expect(sizes.size).toBeGreaterThan(1);
  // A file caught mid-flight is a whole world: it imports into a fresh server, and exports the same.
  const middle = exports[Math.floor(exports.length / 2)]!;
  const fresh = await startServer();
  try {
    await fresh.control.importWorld({ world: middle });
    expect(await fresh.control.exportWorld({ messages: true })).toEqual(middle);
  } finally {
    await fresh.close();
  }
}

describe('an export taken while the world changes', () => {
  it('is one moment of the world, on SQLite', async () => {
    const server = await startServer();
    try {
      await checkSnapshots(server);
    } finally {
      await server.close();
    }
  });

  describe.skipIf(!postgresAvailable)('on PostgreSQL', () => {
    const schema = testSchema();
    afterAll(async () => {
      await dropSchema(schema);
    });

    it('is one moment of the world, on PostgreSQL', async () => {
      const data = `${TEST_POSTGRES_URL}${TEST_POSTGRES_URL.includes('?') ? '&' : '?'}schema=${schema}`;
      const server = await startServer({ data });
      try {
        await checkSnapshots(server);
      } finally {
        await server.close();
      }
    });
  });
});
