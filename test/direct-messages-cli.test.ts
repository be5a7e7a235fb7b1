/**
 * `parley dm enable|send|suggest` against a real server (the CLI runs in this process; its
 * requests go over HTTP): a channel's owner turns its direct messages on, a person writes there and
 * suggests a paid post, and the channel's administrator bot gets both, then approves the post.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliRunner } from './helpers/cli-runner.js';
import { groupKit } from './helpers/groups.js';
import { startServer, type TestServer } from './helpers/in-process.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const { person, bot } = groupKit(() => server);
const parley = cliRunner(() => server, process.cwd());

describe('parley dm', () => {
  it('turns direct messages on, writes, and suggests a paid post that the admin bot approves', async () => {
    const owner = await person('Olga');
    const author = await person('Paula');
    const poster = await bot('dmcli');
    const channel = await server.control.createChat({ owner: owner.id, title: 'CLI news', type: 'channel' });
    await server.control.promoteChatMember({
      by: owner.id,
      chat: channel.id,
      user: poster.record.id,
      rights: { can_post_messages: true, can_manage_direct_messages: true },
    });
    await poster.updates();

    const enabled = await parley('dm', 'enable', '--by', String(owner.id), '--chat', String(channel.id));
    expect(enabled.code, enabled.stderr).toBe(0);
    expect(enabled.stdout).toMatch(
      new RegExp(`^direct messages of channel ${channel.id}: chat -\\d+ \\(on\\)$`),
    );

    const wrote = await parley(
      'dm',
      'send',
      '--user',
      String(author.id),
      '--chat',
      String(channel.id),
      '--text',
      'Hello!',
      '--json',
    );
    expect(wrote.code, wrote.stderr).toBe(0);
    expect(JSON.parse(wrote.stdout)).toMatchObject({
      text: 'Hello!',
      direct_messages_topic: { topic_id: author.id },
    });

    await server.control.grantStars({ user: author.id, amount: 80 });
    const suggested = await parley(
      'dm',
      'suggest',
      '--user',
      String(author.id),
      '--chat',
      String(channel.id),
      '--text',
      'Read my post',
      '--amount',
      '50',
      '--json',
    );
    expect(suggested.code, suggested.stderr).toBe(0);
    const suggestion = JSON.parse(suggested.stdout) as { message_id: number; chat: { id: number } };
    expect(suggestion).toMatchObject({
      suggested_post_info: { state: 'pending', price: { currency: 'XTR', amount: 50 } },
    });

    const updates = await poster.updates();
    expect(updates.map((u) => (u.message as { text?: string } | undefined)?.text).filter(Boolean)).toEqual([
      'Hello!',
      'Read my post',
    ]);
    expect(
      await poster.api.raw.approveSuggestedPost({
        chat_id: suggestion.chat.id,
        message_id: suggestion.message_id,
      }),
    ).toBe(true);
    expect(await server.control.getStarBalance({ user: author.id })).toMatchObject({ amount: 30 });

    const refused = await parley(
      'dm',
      'suggest',
      '--user',
      String(author.id),
      '--chat',
      String(channel.id),
      '--text',
      'x',
      '--amount',
      'many',
    );
    expect(refused).toMatchObject({ code: 2 });
    expect(refused.stderr).toContain('--amount must be an integer');
  });
});
