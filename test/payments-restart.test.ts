/**
 * A Stars payment whose server is killed (SIGKILL) right as the bot answers the pre-checkout query:
 * after a restart on the same data, either the whole payment is there (the Stars moved with both
 * ledger rows, the payment's successful_payment message) or none of it, and a second answer charges
 * nothing. The charge, its ledger rows and its message are one write.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Api } from 'grammy';
import type { Update } from 'grammy/types';
import { afterEach, expect, it } from 'vitest';
import { ControlClient } from '../src/testkit/index.js';
import { spawnServer, type ServerProcess } from './helpers/server-process.js';
import { waitFor } from './helpers/wait-for.js';

const ADMIN = 'payments-restart-admin-token-0123';
let dataDir: string | undefined;
const running: ServerProcess[] = [];

afterEach(async () => {
  for (const server of running.splice(0)) await server.stop('SIGKILL');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function start() {
  const server = await spawnServer(['--data', dataDir!, '--admin-token', ADMIN]);
  running.push(server);
  return { server, control: new ControlClient({ url: server.url, adminToken: ADMIN }) };
}

it('keeps a payment whole or absent when the server is killed as the bot answers', async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'parley-pay-restart-'));
  let { server, control } = await start();
  const user = await control.createUser({ phone_number: '+15557770001', first_name: 'Alice' });
  const record = await control.createBot({ username: 'killshop_bot' });
  await control.grantStars({ user: user.phone_number, amount: 50 });
  let api = new Api(record.token, { apiRoot: server.url });
  const link = await api.createInvoiceLink('Gem', 'A gem', 'gem', '', 'XTR', [{ label: 'Gem', amount: 20 }]);

  const paying = control.pay({ user: user.phone_number, link }).catch((error: unknown) => error);
  const query = await waitFor(
    async () => {
      const updates = (await api.getUpdates({ timeout: 0 })) as Update[];
      return updates.find((u) => u.pre_checkout_query)?.pre_checkout_query;
    },
    { what: 'the pre_checkout_query' },
  );
  // The answer is sent and the process killed at once: the kill lands before, during or after
  // the answer's write.
  const answering = api.answerPreCheckoutQuery(query.id, true).catch((error: unknown) => error);
  await server.stop('SIGKILL');
  running.length = 0;
  await answering;
  await paying;

  ({ server, control } = await start());
  api = new Api(record.token, { apiRoot: server.url });
  await expectWholeOrAbsent(control, api, user.phone_number);
  // Another answer after the restart: refused, or (the first never committed and the query's 10 s
  // have not passed) it makes the one charge; never a second.
  await api.answerPreCheckoutQuery(query.id, true).catch(() => undefined);
  await expectWholeOrAbsent(control, api, user.phone_number);
}, 120_000);

/** Either the payment with its ledger rows and its message, or none of them. */
async function expectWholeOrAbsent(control: ControlClient, api: Api, phoneNumber: string) {
  const person = (await control.getStarBalance({ user: phoneNumber })).amount;
  const bot = (await api.getMyStarBalance()).amount;
  const { transactions } = await api.getStarTransactions();
  const messages = await control.listMessages({ user: phoneNumber, chat: '@killshop_bot' });
  const paid = messages.filter((m) => m.successful_payment !== undefined);
  if (bot === 20) {
    expect([person, transactions.length, paid.length]).toEqual([30, 1, 1]);
    const charge = (paid[0]!.successful_payment as { telegram_payment_charge_id: string })
      .telegram_payment_charge_id;
    expect(charge).toBe(transactions[0]!.id);
  } else {
    expect([bot, person, transactions.length, paid.length]).toEqual([0, 50, 0, 0]);
  }
}
