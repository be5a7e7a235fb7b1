/**
 * `parley giveaway start` against a real server (the CLI runs in this process; its requests go over
 * HTTP): a channel's owner starts a Stars giveaway; at its date on the virtual clock one of the
 * channel's people wins the Stars. Usage errors exit 2.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliRunner } from './helpers/cli-runner.js';
import { groupKit } from './helpers/groups.js';
import { startServer, type TestServer } from './helpers/in-process.js';
import { waitFor } from './helpers/wait-for.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const { person } = groupKit(() => server);
const parley = cliRunner(() => server, process.cwd());

describe('parley giveaway', () => {
  it('starts a Stars giveaway that is drawn at its date', async () => {
    const owner = await person('Olga');
    const fan = await person('Fay');
    const channel = await server.control.createChat({
      owner: owner.id,
      title: 'CLI prizes',
      type: 'channel',
      members: [fan.id],
    });
    await server.control.grantStars({ user: owner.id, amount: 50 });
    const { now } = await server.control.getClock();
    const args = ['--user', String(owner.id), '--chat', String(channel.id), '--winners', '1'];
    const started = await parley(
      'giveaway',
      'start',
      ...args,
      '--until',
      String(now + 3600),
      '--stars',
      '50',
    );
    expect(started.code, started.stderr).toBe(0);
    expect(started.stdout).toMatch(
      new RegExp(
        `^giveaway \\S+ in chat ${channel.id} \\(message #\\d+\\): 1 winners at .+, 50 Stars; pending$`,
      ),
    );
    const messageId = Number(/message #(\d+)/.exec(started.stdout)![1]);

    await server.control.advanceClock(3700);
    const done = await waitFor(
      async () => {
        const record = await server.control.getGiveaway({ chat: channel.id, message_id: messageId });
        return record.state === 'completed' && record;
      },
      { what: 'the draw' },
    );
    expect(done.winners).toEqual([fan.id]);
    expect(await server.control.getStarBalance({ user: fan.id })).toMatchObject({ amount: 50 });

    const both = await parley(
      'giveaway',
      'start',
      ...args,
      '--until',
      String(now + 7200),
      '--stars',
      '5',
      '--premium-months',
      '3',
    );
    expect(both).toMatchObject({ code: 2 });
    expect(both.stderr).toContain('give one of --stars and --premium-months');
  });
});
