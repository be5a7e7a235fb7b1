/**
 * Several real Parley processes (`parley start`) on one PostgreSQL database, each on its own port,
 * as behind a load balancer: what one node writes, every node answers; long polls, waits and
 * webhooks work across them; sequences, balances and the clock are one; a node killed with SIGKILL
 * under load loses nothing. Each test file run uses a schema of its own.
 *
 * Needs PostgreSQL (PARLEY_TEST_POSTGRES, default the local server at 127.0.0.1:5432): skipped and
 * said so without it, a failure with PARLEY_REQUIRE_POSTGRES=1 (.ci/run).
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ControlClient } from '../src/testkit/index.js';
import {
  dropSchema,
  postgresAvailable,
  TEST_POSTGRES_URL,
  testSchema,
} from '../src/storage/contracts/postgres.js';
import { openEventStream } from './helpers/event-stream.js';
import { gateway } from './helpers/gateway.js';
import { spawnServer, type ServerProcess } from './helpers/server-process.js';
import { streamedUpload } from './helpers/streamed-upload.js';
import { waitFor } from './helpers/wait-for.js';

const ADMIN = 'multi-node-admin-token-0123456789';

interface Node {
  process: ServerProcess;
  url: string;
  control: ControlClient;
}

let counter = 0;
const phone = () =>
  `+1555${String(process.pid % 1000).padStart(3, '0')}${String(++counter).padStart(4, '0')}`;

async function bot(node: Node, method: string, token: string, params: Record<string, unknown> = {}) {
  const response = await fetch(`${node.url}/bot${token}/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(params),
  });
  return (await response.json()) as {
    ok: boolean;
    result?: unknown;
    description?: string;
    error_code?: number;
  };
}

describe.skipIf(!postgresAvailable)('several nodes on one PostgreSQL database', () => {
  const schema = testSchema();
  const filesDir = mkdtempSync(path.join(tmpdir(), 'parley-nodes-files-'));
  const data = `${TEST_POSTGRES_URL}${TEST_POSTGRES_URL.includes('?') ? '&' : '?'}schema=${schema}`;
  const nodes: Node[] = [];

  async function startNode(): Promise<Node> {
    const child = await spawnServer(['--data', data, '--admin-token', ADMIN], {
      PARLEY_FILES: filesDir,
      // A node that dies leaves its jobs to the others after 3 s (instead of 120 s).
      PARLEY_JOB_LEASE_MS: '3000',
    });
    const node = {
      process: child,
      url: child.url,
      control: new ControlClient({ url: child.url, adminToken: ADMIN }),
    };
    nodes.push(node);
    return node;
  }

  beforeAll(async () => {
    // One after the other: the first migrates; the next find the schema ready.
    await startNode();
    await startNode();
  }, 60_000);

  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.process.stop('SIGTERM')));
    await dropSchema(schema);
    rmSync(filesDir, { recursive: true, force: true });
  }, 30_000);

  /**
   * Resolves once a long poll of the bot has parked on some node: parking publishes
   * `polls.terminate` on the schema's event channel, which the test listens to as a node would.
   */
  async function parked(botId: number): Promise<() => Promise<void>> {
    const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await client.connect();
    const heard = new Promise<void>((resolve) => {
      client.on('notification', (message) => {
        const event = JSON.parse(message.payload ?? '{}') as {
          e?: string;
          p?: { botId?: number; keep?: string };
        };
        if (event.e === 'polls.terminate' && event.p?.botId === botId && event.p.keep !== undefined)
          resolve();
      });
    });
    await client.query(`LISTEN parley_events_${schema}`);
    return async () => {
      await heard;
      await client.end();
    };
  }

  async function newBot(node: Node) {
    const created = await node.control.createBot({ username: `n${process.pid}x${++counter}_bot` });
    return created;
  }

  it("wakes a long poll parked on node A with a person's message sent through node B, and A's wait sees B's reply", async () => {
    const [a, b] = nodes as [Node, Node];
    const created = await newBot(a);
    const person = await b.control.createUser({ phone_number: phone(), first_name: 'Ann' });
    const isParked = await parked(created.id);
    const poll = bot(a, 'getUpdates', created.token, { timeout: 30 });
    // Sent once the poll is parked on A, so that only the event from B can wake it.
    await isParked();
    await b.control.sendMessage({
      from: person.phone_number,
      chat: `@${created.username}`,
      text: 'hello from B',
    });
    const answer = await poll;
    expect(answer.ok).toBe(true);
    const updates = answer.result as Array<{
      update_id: number;
      message: { text: string; chat: { id: number } };
    }>;
    expect(updates.map((u) => u.message.text)).toContain('hello from B');

    const wait = a.control.waitForMessage({
      user: person.phone_number,
      chat: `@${created.username}`,
      timeout: 30,
    });
    const sent = await bot(b, 'sendMessage', created.token, {
      chat_id: updates[0]!.message.chat.id,
      text: 'reply via B',
    });
    expect(sent.ok).toBe(true);
    expect((await wait).text).toBe('reply via B');
  });

  it("streams a person's web client events on node A for a chat they start, a bot's draft in it and a group they are added to through node B (by key, ADR 0107)", async () => {
    const [a, b] = nodes as [Node, Node];
    const created = await newBot(a);
    const number = phone();
    const signedIn = await fetch(`${a.url}/web/api/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone_number: number, first_name: 'Wen' }),
    });
    const session = ((await signedIn.json()) as { result: { token: string; user: { id: number } } }).result;
    const stream = await openEventStream(`${a.url}/web/api/events`, session.token);
    const received = () => stream.text();
    try {
      await waitFor(() => received().includes('event: ready'), { what: 'the ready event' });
      // Her first message to the bot, through B: a chat her stream on A did not know.
      const first = await b.control.sendMessage({ from: number, chat: `@${created.username}`, text: 'hi' });
      await waitFor(() => received().includes(`"chat_id":${created.id},"message_id":${first.message_id}`), {
        what: 'the first message of the chat, heard on A',
      });
      // The bot streams a draft to her through B: her stream on A hears it (ADR 0095 addendum).
      const drafted = await bot(b, 'sendMessageDraft', created.token, {
        chat_id: session.user.id,
        draft_id: 4,
        text: 'Working on it',
      });
      expect(drafted.ok).toBe(true);
      await waitFor(() => received().includes(`event: draft\ndata: {"chat_id":${created.id}}`), {
        what: 'the draft streamed through B, heard on A',
      });
      // A group made on B with her in it, then a message there: her stream on A hears the group.
      const owner = await b.control.createUser({ phone_number: phone(), first_name: 'Oz' });
      const group = await b.control.createChat({
        owner: owner.id,
        title: 'Across',
        members: [session.user.id],
      });
      const said = await b.control.sendMessage({ from: owner.id, chat: group.id, text: 'hello group' });
      await waitFor(() => received().includes(`"chat_id":${group.id},"message_id":${said.message_id}`), {
        what: "the group's message, heard on A",
      });
    } finally {
      await stream.close();
    }
  });

  it('streams an upload on one node to the shared folder: the other node serves its bytes, no temporary file stays (ADR 0063)', async () => {
    const [a, b] = nodes as [Node, Node];
    const created = await newBot(a);
    const person = await b.control.createUser({ phone_number: phone(), first_name: 'Uma' });
    await b.control.sendMessage({ from: person.phone_number, chat: `@${created.username}`, text: 'hi' });
    const answer = await streamedUpload({
      url: `${a.url}/bot${created.token}/sendDocument`,
      fields: { chat_id: String(person.id) },
      file: { field: 'document', filename: 'shared.bin' },
      mebibytes: 2,
      fill: 0x42,
    });
    expect(answer?.status).toBe(200);
    expect(readdirSync(path.join(filesDir, 'tmp'))).toEqual([]);
    const { document } = answer!.body.result as { document: { file_id: string } };
    const file = await bot(b, 'getFile', created.token, { file_id: document.file_id });
    const { file_path: filePath } = file.result as { file_path: string };
    const download = await fetch(`${b.url}/file/bot${created.token}/${filePath}`);
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.equals(Buffer.alloc(2 << 20, 0x42))).toBe(true);
  });

  it('ends a long poll on one node with 409 when the same bot polls on another', async () => {
    const [a, b] = nodes as [Node, Node];
    const created = await newBot(a);
    const isParked = await parked(created.id);
    const first = bot(a, 'getUpdates', created.token, { timeout: 30 });
    // B's poll must find A's parked to end it.
    await isParked();
    const second = bot(b, 'getUpdates', created.token, { timeout: 1 });
    const ended = await first;
    expect(ended.ok).toBe(false);
    expect(ended.error_code).toBe(409);
    expect(ended.description).toBe(
      'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
    );
    expect((await second).ok).toBe(true);
  });

  it('numbers update_ids and message_ids strictly increasing across nodes', async () => {
    const [a, b] = nodes as [Node, Node];
    const created = await newBot(a);
    const people = await Promise.all(
      [0, 1, 2].map((i) =>
        (i % 2 ? a : b).control.createUser({ phone_number: phone(), first_name: `P${i}` }),
      ),
    );
    // 3 people each send 20 messages, spread over both nodes, all at once.
    await Promise.all(
      people.flatMap((person, p) =>
        Array.from({ length: 20 }, (_, i) =>
          nodes[(p + i) % 2]!.control.sendMessage({
            from: person.phone_number,
            chat: `@${created.username}`,
            text: `m${i}`,
          }),
        ),
      ),
    );
    const answer = await bot(b, 'getUpdates', created.token, { limit: 100 });
    const updates = answer.result as Array<{
      update_id: number;
      message: { message_id: number; chat: { id: number }; text: string };
    }>;
    expect(updates).toHaveLength(60);
    const ids = updates.map((u) => u.update_id);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(new Set(ids).size).toBe(60);
    for (let i = 1; i < ids.length; i++) expect(ids[i]).toBe(ids[i - 1]! + 1);
    // Per chat, message ids increase with the update order, and none repeats.
    const byChat = new Map<number, number[]>();
    for (const u of updates)
      byChat.set(u.message.chat.id, [...(byChat.get(u.message.chat.id) ?? []), u.message.message_id]);
    expect(byChat.size).toBe(3);
    for (const list of byChat.values()) {
      expect(list).toHaveLength(20);
      for (let i = 1; i < list.length; i++) expect(list[i]).toBeGreaterThan(list[i - 1]!);
    }
    // The bot's own sends into one chat through both nodes at once: distinct, increasing ids.
    const chatId = updates[0]!.message.chat.id;
    const sent = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        bot(nodes[i % 2]!, 'sendMessage', created.token, { chat_id: chatId, text: `s${i}` }),
      ),
    );
    const messageIds = sent.map((s) => (s.result as { message_id: number }).message_id);
    expect(new Set(messageIds).size).toBe(30);
    expect(Math.min(...messageIds)).toBeGreaterThan(Math.max(...byChat.get(chatId)!));
  });

  it('answers the new truth on every node after logOut and a changed webhook', async () => {
    const [a, b] = nodes as [Node, Node];
    const created = await newBot(a);
    // B has seen the bot (and may hold its token in memory).
    expect((await bot(b, 'getMe', created.token)).ok).toBe(true);
    expect((await bot(a, 'setWebhook', created.token, { url: 'http://127.0.0.1:9/hook' })).ok).toBe(true);
    const info = await bot(b, 'getWebhookInfo', created.token);
    expect((info.result as { url: string }).url).toBe('http://127.0.0.1:9/hook');
    const poll = await bot(b, 'getUpdates', created.token);
    expect(poll.error_code).toBe(409);
    expect((await bot(a, 'logOut', created.token)).ok).toBe(true);
    const after = await waitFor(
      async () => {
        const answer = await bot(b, 'getMe', created.token);
        return answer.ok ? false : answer;
      },
      { what: 'node B to see the logOut', timeoutMs: 5000 },
    );
    expect(after.description).toBe('Logged out');
  });

  it('keeps one virtual clock: an advance on A is what B shows', async () => {
    const [a, b] = nodes as [Node, Node];
    const before = await b.control.getClock();
    const advanced = await a.control.advanceClock(3600);
    const seen = await b.control.getClock();
    expect(advanced.offset_seconds - before.offset_seconds).toBe(3600);
    expect(seen.offset_seconds).toBe(advanced.offset_seconds);
  });

  it('charges a balance exactly under concurrent sends spread over the nodes', async () => {
    const [a] = nodes as [Node, Node];
    const third = await startNode();
    const owner = await a.control.createUser({ phone_number: phone(), first_name: 'Owner' });
    // A balance for exactly K sends at the default price.
    const account = await a.control.createGatewayAccount({ owner: owner.phone_number, credits: 0 });
    const K = 5;
    await a.control.topUpGatewayAccount(account.id, (account.default_price * K).toFixed(6));
    const people = await Promise.all(
      Array.from({ length: 10 * K }, () =>
        third.control.createUser({ phone_number: phone(), first_name: 'Q' }),
      ),
    );
    const answers = await Promise.all(
      people.map((person, i) =>
        gateway(`${nodes[i % 3]!.url}/gateway`, account.access_token, 'sendVerificationMessage', {
          phone_number: person.phone_number,
          code_length: 6,
        }),
      ),
    );
    const accepted = answers.filter((answer) => answer.body.ok);
    expect(accepted).toHaveLength(K);
    const view = await nodes[1]!.control.getGatewayAccount(account.id);
    expect(Number(view.balance)).toBe(0);
    const ledger = await third.control.getGatewayLedger(account.id, 100);
    expect(ledger.filter((entry) => entry.kind === 'charge')).toHaveLength(K);
  }, 60_000);

  describe('webhooks', () => {
    let receiver: Server;
    const received: Array<{ updateId: number; chat: number }> = [];
    let delayMs = 0;

    beforeAll(async () => {
      receiver = createServer((request, response) => {
        let body = '';
        request.on('data', (chunk: Buffer) => (body += chunk.toString()));
        request.on('end', () => {
          const update = JSON.parse(body) as { update_id: number; message: { chat: { id: number } } };
          setTimeout(() => {
            received.push({ updateId: update.update_id, chat: update.message.chat.id });
            response.writeHead(200).end();
          }, delayMs);
        });
      });
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    });

    afterAll(async () => {
      receiver.closeAllConnections();
      await new Promise((resolve) => receiver.close(resolve));
    });

    it('delivers each update once, in order per chat, across nodes; a node killed mid-delivery loses nothing', async () => {
      const [a, b] = nodes as [Node, Node];
      const created = await newBot(a);
      const { port } = receiver.address() as AddressInfo;
      expect(
        (
          await bot(b, 'setWebhook', created.token, {
            url: `http://127.0.0.1:${port}/hook`,
            max_connections: 4,
          })
        ).ok,
      ).toBe(true);
      const people = await Promise.all(
        [0, 1, 2].map((i) => b.control.createUser({ phone_number: phone(), first_name: `W${i}` })),
      );
      const send = (count: number, from: number) =>
        Promise.all(
          people.flatMap((person, p) =>
            Array.from({ length: count }, (_, i) =>
              nodes[(p + i) % 2]!.control.sendMessage({
                from: person.phone_number,
                chat: `@${created.username}`,
                text: `w${from + i}`,
              }),
            ),
          ),
        );
      // The normal case: each update once, per chat in update_id order.
      await send(10, 0);
      await waitFor(() => received.length >= 30, { what: '30 deliveries', timeoutMs: 20_000 });
      const ids = received.map((r) => r.updateId);
      expect(new Set(ids).size).toBe(ids.length);
      for (const chat of new Set(received.map((r) => r.chat))) {
        const order = received.filter((r) => r.chat === chat).map((r) => r.updateId);
        expect(order).toEqual([...order].sort((x, y) => x - y));
      }

      // Under load, node A is killed while deliveries are in flight; every acknowledged send arrives.
      delayMs = 50;
      const load = send(15, 100).catch(() => undefined);
      await waitFor(() => received.length >= 35, { what: 'deliveries under way', timeoutMs: 20_000 });
      await a.process.stop('SIGKILL');
      await load;
      // Sends that A acknowledged before it died are in the queue; B (whose claims were free or
      // whose leases expired after 3 s) delivers them all, at least once.
      const queued = await b.control.listMessages({
        user: people[0]!.phone_number,
        chat: `@${created.username}`,
        limit: 100,
      });
      expect(queued.length).toBeGreaterThan(0);
      const info = await waitFor(
        async () => {
          const answer = await bot(b, 'getWebhookInfo', created.token);
          const pending = (answer.result as { pending_update_count: number }).pending_update_count;
          return pending === 0 ? answer : false;
        },
        { what: 'every update delivered after the kill', timeoutMs: 30_000 },
      );
      expect(info.ok).toBe(true);
      const unique = new Set(received.map((r) => r.updateId));
      // Every message a person sent (and the server accepted) reached the webhook.
      let sent = 0;
      for (const person of people) {
        const messages = await b.control.listMessages({
          user: person.phone_number,
          chat: `@${created.username}`,
          limit: 100,
        });
        sent += messages.filter((m) => m.from?.id === person.id).length;
      }
      expect(unique.size).toBe(sent);
      nodes.splice(nodes.indexOf(a), 1);
    }, 90_000);
  });
});
