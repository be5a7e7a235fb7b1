/**
 * The timed rules of chats on the virtual clock (issue 27), through grammY and the control API: an
 * invite link stops working at its expire_date, a ban given with until_date lifts at that date (the
 * person may join again), and a link with member_limit takes joins again when a member leaves. The
 * clock is moved as a test would (`parley clock advance`); margins on both sides of each edge, since
 * virtual time also follows real time. Restrictions' until_date, live_period, subscription periods
 * and polls have their tests in groups, live-locations, payments-subscriptions and polls-closing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
const control = () => server.control;

async function supergroup() {
  const owner = await person('Owner');
  const admin = await bot('timed');
  const chat = await control().createChat({ owner: owner.id, title: 'Timed', type: 'supergroup' });
  await control().promoteChatMember({
    by: owner.id,
    chat: chat.id,
    user: admin.record.id,
    rights: { can_invite_users: true, can_restrict_members: true },
  });
  return { owner, admin, chat };
}

const refusal = (call: Promise<unknown>) =>
  call.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('timed rules of chats', () => {
  it('an invite link stops working at its expire_date', async () => {
    const { admin, chat } = await supergroup();
    const { now } = await control().getClock();
    const link = await admin.api.createChatInviteLink(chat.id, { expire_date: now + 600 });
    expect(link).toMatchObject({ expire_date: now + 600, is_revoked: false });

    await control().advanceClock(590);
    const early = await person('Early');
    expect((await control().joinChat({ user: early.id, invite_link: link.invite_link })).status).toBe(
      'member',
    );

    await control().advanceClock(20);
    const late = await person('Late');
    expect(await refusal(control().joinChat({ user: late.id, invite_link: link.invite_link }))).toMatchObject(
      {
        status: 400,
        error: 'INVITE_HASH_EXPIRED',
      },
    );
    expect((await admin.api.getChatMember(chat.id, late.id)).status).toBe('left');
    expect((await admin.api.getChatMember(chat.id, early.id)).status).toBe('member');
  });

  it('a ban with until_date lifts at that date: the person may join again', async () => {
    const { admin, chat } = await supergroup();
    const link = await admin.api.createChatInviteLink(chat.id);
    const member = await person('Mia');
    await control().joinChat({ user: member.id, invite_link: link.invite_link });
    const { now } = await control().getClock();
    expect(await admin.api.banChatMember(chat.id, member.id, { until_date: now + 3600 })).toBe(true);
    expect(await admin.api.getChatMember(chat.id, member.id)).toMatchObject({
      status: 'kicked',
      until_date: now + 3600,
    });

    await control().advanceClock(3500);
    expect(
      await refusal(control().joinChat({ user: member.id, invite_link: link.invite_link })),
    ).toMatchObject({
      status: 403,
    });
    expect((await admin.api.getChatMember(chat.id, member.id)).status).toBe('kicked');

    await control().advanceClock(120);
    expect(await admin.api.getChatMember(chat.id, member.id)).toMatchObject({ status: 'left' });
    expect((await control().joinChat({ user: member.id, invite_link: link.invite_link })).status).toBe(
      'member',
    );
  });

  it('a link at its member_limit takes a join again when a member who joined by it leaves', async () => {
    const { admin, chat } = await supergroup();
    const link = await admin.api.createChatInviteLink(chat.id, { member_limit: 1 });
    const first = await person('First');
    await control().joinChat({ user: first.id, invite_link: link.invite_link });
    const second = await person('Second');
    expect(
      await refusal(control().joinChat({ user: second.id, invite_link: link.invite_link })),
    ).toMatchObject({
      status: 400,
      error: 'INVITE_HASH_EXPIRED',
    });
    await control().leaveChat({ user: first.id, chat: chat.id });
    expect((await control().joinChat({ user: second.id, invite_link: link.invite_link })).status).toBe(
      'member',
    );
  });
});
