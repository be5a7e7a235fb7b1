/**
 * sendMessageDraft over real HTTP with grammY (ADR 0048): a bot streams a partial answer into its
 * private chat with a person, who sees the draft update through the control API; the final
 * sendMessage replaces it, and an abandoned draft ends 30 seconds (virtual clock) after its last
 * version. Refused calls leave no draft.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/in-process.js';
import { failure, groupKit } from './helpers/groups.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const { person, bot } = groupKit(() => server);
const control = () => server.control;

async function conversation(prefix: string) {
  const alice = await person('Alice');
  const b = await bot(prefix);
  const chat = `@${b.record.username}`;
  await control().sendMessage({ from: alice.id, chat, text: 'Tell me a story' });
  return { alice, b, chat };
}

describe('message drafts', () => {
  it('are streamed, seen updating by the person, and replaced by the final message', async () => {
    const { alice, b, chat } = await conversation('drafts');
    expect(await control().listDrafts({ user: alice.id, chat })).toEqual([]);

    const before = (await control().getClock()).now;
    expect(await b.api.sendMessageDraft(alice.id, 7, '')).toBe(true);
    const [thinking] = await control().listDrafts({ user: alice.id, chat });
    expect(thinking).toEqual({
      draft_id: 7,
      from: { id: b.record.id, is_bot: true, first_name: b.record.first_name, username: b.record.username },
      date: expect.any(Number),
      text: '',
      expires_at: thinking!.date + 30,
    });
    expect(thinking!.date).toBeGreaterThanOrEqual(before);

    await b.api.sendMessageDraft(alice.id, 7, 'Once upon');
    await control().advanceClock(5);
    await b.api.sendMessageDraft(alice.id, 7, 'Once upon a <b>time</b>', { parse_mode: 'HTML' });
    const drafts = await control().listDrafts({ user: alice.id, chat });
    expect(drafts).toHaveLength(1);
    expect(drafts[0]).toMatchObject({
      draft_id: 7,
      text: 'Once upon a time',
      entities: [{ type: 'bold', offset: 12, length: 4 }],
      expires_at: drafts[0]!.date + 30,
    });
    expect(drafts[0]!.date).toBeGreaterThanOrEqual(thinking!.date + 5);

    // A second draft of the same bot is shown beside the first, in a thread when given.
    await b.api.sendMessageDraft(alice.id, 8, 'Meanwhile', { message_thread_id: 3 });
    expect(
      (await control().listDrafts({ user: alice.id, chat })).map((d) => [d.draft_id, d.message_thread_id]),
    ).toEqual([
      [7, undefined],
      [8, 3],
    ]);

    const final = await b.api.sendMessage(alice.id, 'Once upon a time, the end.');
    expect(await control().listDrafts({ user: alice.id, chat })).toEqual([]);
    const [message] = await control().listMessages({ user: alice.id, chat, limit: 1 });
    expect(message).toMatchObject({ message_id: final.message_id, text: 'Once upon a time, the end.' });
  });

  it('end 30 seconds after their last version', async () => {
    const { alice, b, chat } = await conversation('expire');
    await b.api.sendMessageDraft(alice.id, 1, 'Working');
    // Virtual time also follows real time, which may cross a second boundary between these calls:
    // the checks keep seconds of margin on each side of the 30-second edge instead of standing on it.
    await control().advanceClock(25);
    expect(await control().listDrafts({ user: alice.id, chat })).toHaveLength(1);
    await control().advanceClock(6);
    expect(await control().listDrafts({ user: alice.id, chat })).toEqual([]);
    // Streaming again shows it again.
    await b.api.sendMessageDraft(alice.id, 1, 'Working harder');
    expect((await control().listDrafts({ user: alice.id, chat }))[0]?.text).toBe('Working harder');
  });

  it('are refused with the reference texts and leave nothing behind', async () => {
    const { alice, b, chat } = await conversation('refuse');
    expect((await failure(b.api.sendMessageDraft(alice.id, 0, 'x'))).description).toBe(
      'Bad Request: draft_id must be non-zero',
    );
    expect((await failure(b.api.sendMessageDraft(alice.id, 1, 'x'.repeat(4097)))).description).toBe(
      'Bad Request: message is too long',
    );
    expect(
      (await failure(b.api.sendMessageDraft(alice.id, 1, '<b>open', { parse_mode: 'HTML' }))).description,
    ).toMatch(/^Bad Request: can't parse entities/);
    const group = await control().createChat({ owner: alice.id, title: 'G', type: 'group' });
    await control().addChatMember({ by: alice.id, chat: group.id, user: b.record.id });
    expect((await failure(b.api.sendMessageDraft(group.id, 1, 'x'))).description).toBe(
      'Bad Request: chat not found',
    );
    const stranger = await person('Stranger');
    expect((await failure(b.api.sendMessageDraft(stranger.id, 1, 'x'))).description).toBe(
      'Bad Request: chat not found',
    );
    await control().blockBot({ user: alice.id, bot: b.record.id });
    expect(await failure(b.api.sendMessageDraft(alice.id, 1, 'x'))).toMatchObject({
      code: 403,
      description: 'Forbidden: bot was blocked by the user',
    });
    expect(await control().listDrafts({ user: alice.id, chat })).toEqual([]);
  });
});
