/**
 * The CLI commands of ADR 0048 against an in-process server: `parley drafts`, `parley emoji-status
 * allow`, `parley profile add-audio`, `parley checklist mark` and `parley checklist add`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/in-process.js';
import { groupKit } from './helpers/groups.js';
import { cliRunner } from './helpers/cli-runner.js';
import { noise } from './helpers/media-bytes.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const { person, bot } = groupKit(() => server);
const control = () => server.control;
const parley = cliRunner(() => server);

describe('CLI: drafts, profiles and checklists', () => {
  it('shows drafts, allows emoji statuses and adds profile audios', async () => {
    const alice = await person('Alice');
    const b = await bot('clidraft');
    const chat = `@${b.record.username}`;
    await control().sendMessage({ from: alice.id, chat, text: 'hi' });
    expect((await parley('drafts', '--user', String(alice.id), '--chat', chat)).stdout).toBe('no drafts');
    await b.api.sendMessageDraft(alice.id, 3, '');
    expect((await parley('drafts', '--user', String(alice.id), '--chat', chat)).stdout).toBe(
      `#3 from @${b.record.username}: Thinking...`,
    );
    await b.api.sendMessageDraft(alice.id, 3, 'Almost');
    const json = await parley('drafts', '--user', String(alice.id), '--chat', chat, '--json');
    expect(JSON.parse(json.stdout)).toMatchObject([{ draft_id: 3, text: 'Almost' }]);

    const allowed = await parley('emoji-status', 'allow', '--user', String(alice.id), '--bot', chat);
    expect(allowed).toMatchObject({ code: 0, stdout: 'allowed' });
    expect(await b.api.setUserEmojiStatus(alice.id, { emoji_status_custom_emoji_id: '12' })).toBe(true);
    expect(
      (await parley('emoji-status', 'allow', '--user', String(alice.id), '--bot', chat, '--revoke')).stdout,
    ).toBe('revoked');

    const song = await control().sendMedia({
      from: alice.id,
      chat,
      audio: { data: noise(100, 5), filename: 'tune.mp3', title: 'Tune' },
    });
    const added = await parley(
      'profile',
      'add-audio',
      '--user',
      String(alice.id),
      '--chat',
      chat,
      '--message',
      String(song.message_id),
    );
    expect(added).toMatchObject({ code: 0, stdout: '1 profile audio: Tune' });
  });

  it('marks tasks of a checklist and adds tasks', async () => {
    const owner = await person('Shop');
    const customer = await person('Carla');
    const helper = await bot('clilist');
    const connection = await control().connectBusinessBot({
      user: owner.id,
      bot: helper.record.id,
      can_reply: true,
    });
    await control().sendMessage({ from: customer.id, chat: owner.id, text: 'list please' });
    const sent = await helper.api.sendChecklist(connection.id, customer.id, {
      title: 'Todo',
      tasks: [{ id: 1, text: 'One' }],
      others_can_mark_tasks_as_done: true,
      others_can_add_tasks: true,
    });
    const base = [
      '--user',
      String(customer.id),
      '--chat',
      String(owner.id),
      '--message',
      String(sent.message_id),
    ];
    const marked = await parley('checklist', 'mark', ...base, '--done', '1', '--json');
    expect(marked.code).toBe(0);
    expect(JSON.parse(marked.stdout)).toMatchObject({
      checklist_tasks_done: { marked_as_done_task_ids: [1] },
    });
    const added = await parley('checklist', 'add', ...base, '--task', 'Two', '--task', 'Three', '--json');
    expect(JSON.parse(added.stdout)).toMatchObject({
      checklist_tasks_added: {
        tasks: [
          { id: 2, text: 'Two' },
          { id: 3, text: 'Three' },
        ],
      },
    });
    expect((await parley('checklist', 'add', ...base)).code).not.toBe(0);
  });
});
