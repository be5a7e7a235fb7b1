/**
 * Join-request queries over real HTTP with grammY (ADR 0047): the chat's owner assigns a bot that
 * supports them; a person's join request reaches it with query_id; the bot shows a Mini App
 * (sendChatJoinRequestWebApp), the person opens it with signed launch data that name the query, and
 * the bot approves (the person joins), declines, or queues it, within the query's time.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/in-process.js';
import { failure, first, groupKit } from './helpers/groups.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const { person, bot } = groupKit(() => server);
const control = () => server.control;
const INVALID = 'Bad Request: query is too old and response timeout expired or query ID is invalid';

function validHash(initData: string, token: string): boolean {
  const fields = new URLSearchParams(initData);
  const hash = fields.get('hash');
  fields.delete('hash');
  const check = [...fields.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(token).digest();
  return createHmac('sha256', secret).update(check).digest('hex') === hash;
}

async function clubWithGatekeeper() {
  const owner = await person('Owner');
  const gate = await bot('gate');
  const chat = await control().createChat({ owner: owner.id, title: 'Club', type: 'supergroup' });
  await control().promoteChatMember({
    by: owner.id,
    chat: chat.id,
    user: gate.record.id,
    rights: { can_invite_users: true },
  });
  const link = await gate.api.createChatInviteLink(chat.id, { creates_join_request: true });
  await gate.updates(['chat_join_request', 'chat_member', 'message', 'my_chat_member']);
  return { owner, gate, chat, link };
}

describe('join-request queries', () => {
  it('assigns a bot that shows a Mini App and approves the request', async () => {
    const { owner, gate, chat, link } = await clubWithGatekeeper();
    expect((await gate.api.getMe()).supports_join_request_queries).toBe(false);
    await expect(
      control().setJoinRequestBot({ user: owner.id, chat: chat.id, bot: `@${gate.record.username}` }),
    ).rejects.toMatchObject({ status: 400 });
    await control().setBotJoinRequestQueries({ bot: `@${gate.record.username}`, enabled: true });
    expect((await gate.api.getMe()).supports_join_request_queries).toBe(true);
    const stranger = await person('Stranger');
    await expect(
      control().setJoinRequestBot({ user: stranger.id, chat: chat.id, bot: `@${gate.record.username}` }),
    ).rejects.toMatchObject({ status: 404, error: 'CHAT_NOT_FOUND' });
    const member = await person('Member');
    await control().addChatMember({ by: owner.id, chat: chat.id, user: member.id });
    await expect(
      control().setJoinRequestBot({ user: member.id, chat: chat.id, bot: `@${gate.record.username}` }),
    ).rejects.toMatchObject({ status: 403, error: 'CHAT_ADMIN_REQUIRED' });
    expect(
      await control().setJoinRequestBot({ user: owner.id, chat: chat.id, bot: `@${gate.record.username}` }),
    ).toBe(true);

    const applicant = await person('Applicant');
    await control().joinChat({ user: applicant.id, invite_link: link.invite_link });
    const request = first(await gate.updates(), 'chat_join_request');
    expect(request).toMatchObject({ from: { id: applicant.id }, query_id: expect.stringMatching(/^\d+$/) });
    const queryId = request.query_id as string;

    // Nothing to open before the bot shows its Mini App.
    await expect(
      control().openWebApp({ user: applicant.id, join_request_chat: chat.id }),
    ).rejects.toMatchObject({
      status: 404,
    });
    expect(await failure(gate.api.sendChatJoinRequestWebApp(queryId, 'http://club.example/'))).toMatchObject({
      description: 'Bad Request: invalid web app URL specified',
    });
    expect(await gate.api.sendChatJoinRequestWebApp(queryId, 'https://club.example/apply')).toBe(true);
    // The Mini App gives the bot an hour: past the 10 seconds the query is still open.
    await control().advanceClock(60);
    const opened = await control().openWebApp({ user: applicant.id, join_request_chat: chat.id });
    expect(opened).toMatchObject({ url: 'https://club.example/apply', source: 'join_request' });
    const fields = new URLSearchParams(opened.init_data);
    expect(fields.get('chat_join_request_query_id')).toBe(queryId);
    expect(JSON.parse(fields.get('chat')!)).toMatchObject({ id: chat.id, type: 'supergroup', title: 'Club' });
    expect(validHash(opened.init_data, gate.token)).toBe(true);

    expect(
      await failure(
        gate.api.raw.answerChatJoinRequestQuery({
          chat_join_request_query_id: queryId,
          result: 'maybe' as never,
        }),
      ),
    ).toMatchObject({
      description: 'Bad Request: result must be one of "approve", "decline" or "queue"',
    });
    expect(await gate.api.answerChatJoinRequestQuery(queryId, 'approve')).toBe(true);
    expect(first(await gate.updates(), 'chat_member')).toMatchObject({
      from: { id: gate.record.id },
      new_chat_member: { status: 'member', user: { id: applicant.id } },
      via_join_request: true,
    });
    expect(await gate.api.getChatMember(chat.id, applicant.id)).toMatchObject({ status: 'member' });
    expect(await failure(gate.api.answerChatJoinRequestQuery(queryId, 'decline'))).toMatchObject({
      description: INVALID,
    });
  });

  it('declines, queues for the administrators, and refuses a late answer', async () => {
    const { owner, gate, chat, link } = await clubWithGatekeeper();
    await control().setBotJoinRequestQueries({ bot: `@${gate.record.username}`, enabled: true });
    await control().setJoinRequestBot({ user: owner.id, chat: chat.id, bot: `@${gate.record.username}` });

    const [no, later, slow] = [await person('No'), await person('Later'), await person('Slow')];
    for (const p of [no, later, slow])
      await control().joinChat({ user: p.id, invite_link: link.invite_link });
    const ids = new Map<number, string>();
    for (const u of await gate.updates()) {
      const r = u.chat_join_request as { from: { id: number }; query_id: string } | undefined;
      if (r) ids.set(r.from.id, r.query_id);
    }
    expect(await gate.api.answerChatJoinRequestQuery(ids.get(no.id)!, 'decline')).toBe(true);
    expect(await failure(gate.api.approveChatJoinRequest(chat.id, no.id))).toMatchObject({
      description: 'Bad Request: HIDE_REQUESTER_MISSING',
    });
    expect(await gate.api.answerChatJoinRequestQuery(ids.get(later.id)!, 'queue')).toBe(true);
    // Queued: the request waits for an administrator, who may still approve it.
    expect(await gate.api.approveChatJoinRequest(chat.id, later.id)).toBe(true);

    await control().advanceClock(11);
    expect(await failure(gate.api.answerChatJoinRequestQuery(ids.get(slow.id)!, 'approve'))).toMatchObject({
      description: INVALID,
    });
    expect(
      await failure(gate.api.sendChatJoinRequestWebApp(ids.get(slow.id)!, 'https://x.example/')),
    ).toMatchObject({
      description: INVALID,
    });
    expect(await gate.api.getChatMember(chat.id, slow.id)).toMatchObject({ status: 'left' });

    // Unassigned: requests come without query_id.
    await control().setJoinRequestBot({ user: owner.id, chat: chat.id });
    await control().joinChat({ user: (await person('Plain')).id, invite_link: link.invite_link });
    expect(first(await gate.updates(), 'chat_join_request')).not.toHaveProperty('query_id');
  });
});
