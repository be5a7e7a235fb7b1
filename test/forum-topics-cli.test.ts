/**
 * The forum topic commands against a real server (the CLI runs in this process; its requests go over
 * HTTP): `parley group create --type supergroup --forum`, `parley topic create`, `parley topic list`,
 * `parley group forum` and `parley send --thread`, as the issue names them. The bot reads with grammY.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phone, startServer, type TestServer } from './helpers/in-process.js';
import { cliRunner } from './helpers/cli-runner.js';
import { groupKit } from './helpers/groups.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const parley = cliRunner(() => server);

async function json(...args: string[]): Promise<Record<string, unknown>> {
  const run = await parley(...args, '--json');
  if (run.code !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as Record<string, unknown>;
}

const { bot } = groupKit(() => server);

describe('parley topic', () => {
  it('a person makes a forum, creates a topic and writes in it; the bot sees the thread', async () => {
    const owner = phone();
    await parley('user', 'create', '--phone', owner, '--first-name', 'Owner');
    const b = await bot('forumcli', { can_read_all_group_messages: true });
    const chat = await json(
      'group',
      'create',
      '--owner',
      owner,
      '--title',
      'CLI forum',
      '--type',
      'supergroup',
      '--forum',
      '--member',
      `@${b.record.username}`,
    );
    expect(chat).toMatchObject({ type: 'supergroup', is_forum: true });
    const id = String(chat.id);
    expect((await b.api.getChat(Number(id))).is_forum).toBe(true);
    await b.updates();

    const topic = await json('topic', 'create', '--user', owner, '--chat', id, '--name', 'Ideas');
    expect(topic).toEqual({ message_thread_id: expect.any(Number), name: 'Ideas', icon_color: 7322096 });
    const thread = String(topic.message_thread_id);
    const sent = await json('send', '--from', owner, '--to', id, '--thread', thread, '--text', 'first idea');
    expect(sent).toMatchObject({
      text: 'first idea',
      message_thread_id: Number(thread),
      is_topic_message: true,
    });

    const seen = (await b.updates()).map((u) => u.message as Record<string, unknown>);
    expect(seen).toMatchObject([
      { forum_topic_created: { name: 'Ideas' }, message_thread_id: Number(thread) },
      { text: 'first idea', message_thread_id: Number(thread), is_topic_message: true },
    ]);

    const plain = await parley('topic', 'list', '--user', owner, '--chat', id);
    expect(plain.stdout).toBe(`topic General "General"\ntopic ${thread} "Ideas"`);
    expect((await parley('send', '--from', owner, '--to', id, '--thread', '0', '--text', 'x')).code).not.toBe(
      0,
    );
    expect(
      (await parley('send', '--from', owner, '--to', id, '--thread', thread, '--dice')).stderr,
    ).toContain('--thread goes with --text');

    const off = await parley('group', 'forum', id, '--by', owner, '--off');
    expect(off.code).toBe(0);
    expect(off.stdout).not.toContain('(forum)');
    expect((await parley('group', 'forum', id, '--by', owner)).stdout).toContain('(forum)');
  });
});
