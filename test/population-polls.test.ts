/**
 * Bench scenario 9's population (bench/lib/population.ts, issue 31): every long-polling bot has a
 * poll parked on its node at once, and each node has polling and webhook bots. Bots polled through
 * the node of their index and every other bot polled, so on two nodes all five polling bots of ten
 * polled through the first, whose client pool was sized for an even spread (three connections): two
 * polls waited in the client until a parked one returned, the two-node runs' multi-second reply
 * tail at low rates. Bots now go round the nodes in pairs (one of each kind), and each node's pool
 * has a connection per bot polling through it. Two stand-in nodes here count the getUpdates
 * requests that reach them, holding each one open as a parked poll is, and the setWebhook calls.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Population } from '../bench/lib/population.js';
import type { World } from '../bench/lib/population-world.js';
import { waitFor } from './helpers/wait-for.js';

interface StandIn {
  server: Server;
  origin: string;
  /** getUpdates requests open now (parked: never answered). */
  parked: number;
  /** setWebhook calls it took. */
  hooks: number;
}

async function standIn(): Promise<StandIn> {
  const node: StandIn = { server: createServer(), origin: '', parked: 0, hooks: 0 };
  node.server.on('request', (request, response) => {
    request.resume();
    if ((request.url ?? '').endsWith('/getUpdates')) {
      node.parked += 1;
      response.on('close', () => (node.parked -= 1));
      return;
    }
    if ((request.url ?? '').endsWith('/setWebhook')) node.hooks += 1;
    response.setHeader('content-type', 'application/json');
    response.end('{"ok":true,"result":true}');
  });
  await new Promise<void>((resolve) => node.server.listen(0, '127.0.0.1', resolve));
  node.origin = `http://127.0.0.1:${(node.server.address() as AddressInfo).port}`;
  return node;
}

function world(bots: number): World {
  return {
    size: { bots, people: 1, groups: 0 },
    // Half the bots long-poll and half have webhooks, as createWorld makes them.
    bots: Array.from({ length: bots }, (_, i) => ({
      id: i + 1,
      username: `b${i}_bot`,
      token: `${i + 1}:token`,
      webhook: i % 2 === 1,
    })),
    phones: ['+15550000001'],
    groups: [],
    gatewayToken: 'unused',
    createSeconds: 0,
    groupSeconds: 0,
    memberships: 0,
  };
}

describe('the population of bench scenario 9', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('parks a poll of every long-polling bot at once, and gives each node bots of both kinds', async () => {
    const nodes = [await standIn(), await standIn()];
    cleanups.push(async () => {
      for (const node of nodes) {
        node.server.closeAllConnections();
        await new Promise((resolve) => node.server.close(resolve));
      }
    });
    const population = new Population(
      nodes.map((node) => node.origin),
      world(10),
      { groupShare: 0, pressEvery: 5, gatewayPerSecond: 0 },
    );
    cleanups.push(() => population.stop());
    await population.start();
    // Pairs of bots (even ones poll, odd ones have webhooks) go round the nodes: bots 0, 1, 4, 5, 8
    // and 9 through node 0, bots 2, 3, 6 and 7 through node 1.
    await waitFor(() => nodes[0]!.parked === 3 && nodes[1]!.parked === 2, { timeoutMs: 5_000 }).catch(
      () => undefined,
    );
    expect(nodes.map((node) => node.parked)).toEqual([3, 2]);
    expect(nodes.map((node) => node.hooks)).toEqual([3, 2]);
  });

  it("answers its bots' messages while more presses wait for theirs than the bots' pool has connections", async () => {
    // A stand-in node for one webhook bot: a person's message is posted to the webhook, a reply is
    // taken, and a press is held open (its bot never answers it), as a press whose answer is late.
    let webhook = '';
    let updateId = 0;
    let heldPresses = 0;
    let replies = 0;
    const node = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const url = request.url ?? '';
        if (url.endsWith('/control/press')) {
          heldPresses += 1;
          return;
        }
        const json = (result: unknown) => {
          response.setHeader('content-type', 'application/json');
          response.end(JSON.stringify({ ok: true, result }));
        };
        if (url.endsWith('/setWebhook')) webhook = (JSON.parse(body) as { url: string }).url;
        if (url.endsWith('/sendMessage')) {
          replies += 1;
          return json({ message_id: replies });
        }
        if (url.endsWith('/control/messages')) {
          const { text } = JSON.parse(body) as { text: string };
          updateId += 1;
          void fetch(webhook, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ update_id: updateId, message: { text, chat: { id: 7 } } }),
          });
        }
        json(true);
      });
    });
    await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve));
    cleanups.push(async () => {
      node.closeAllConnections();
      await new Promise((resolve) => node.close(resolve));
    });
    const origin = `http://127.0.0.1:${(node.address() as AddressInfo).port}`;
    const oneBot: World = { ...world(2), bots: [{ ...world(2).bots[1]!, webhook: true }] };
    const population = new Population([origin], oneBot, {
      groupShare: 0,
      pressEvery: 1,
      gatewayPerSecond: 0,
    });
    cleanups.push(() => population.stop());
    await population.start();
    // Every reply is pressed: 150 presses held, more than the 64 connections the bots call through.
    const step = await population.step(300, 500, 5_000, () => 0);
    expect(step.sent).toBeGreaterThan(100);
    expect(heldPresses).toBeGreaterThan(64);
    expect(step.answered).toBe(step.sent);
  });
});
