/**
 * Bot API 10.3's administrator right can_send_welcome_messages (ADR 0096), through grammY 1.46's own
 * types: promoteChatMember grants it (only by a bot that holds it), ChatMemberAdministrator shows it
 * in supergroups and channels, the control API grants it, and the default administrator rights keep it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
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

it('is granted by promoteChatMember, shown by getChatMember, and granted only by a bot that holds it', async () => {
  const owner = await person('Owner');
  const carol = await person('Carol');
  const dave = await person('Dave');
  const greeter = await bot('greeter');
  const plain = await bot('nogreet');
  const chat = await control().createChat({
    owner: owner.id,
    title: 'Welcome',
    type: 'supergroup',
    members: [carol.id, dave.id, greeter.record.id, plain.record.id],
  });
  await control().promoteChatMember({
    by: owner.id,
    chat: chat.id,
    user: greeter.record.id,
    rights: { can_promote_members: true, can_send_welcome_messages: true },
  });
  await control().promoteChatMember({
    by: owner.id,
    chat: chat.id,
    user: plain.record.id,
    rights: { can_promote_members: true },
  });
  const self = await greeter.api.getChatMember(chat.id, greeter.record.id);
  expect(self).toMatchObject({ status: 'administrator', can_send_welcome_messages: true });

  expect(await greeter.api.promoteChatMember(chat.id, carol.id, { can_send_welcome_messages: true })).toBe(
    true,
  );
  const member = await greeter.api.getChatMember(chat.id, carol.id);
  if (member.status !== 'administrator') throw new Error(`Carol is ${member.status}`);
  expect(member.can_send_welcome_messages).toBe(true);
  expect(member.can_manage_chat).toBe(true);
  expect(member.can_invite_users).toBe(false);
  const admins = await plain.api.getChatAdministrators(chat.id);
  const other = admins.find((each) => each.user.id === plain.record.id);
  expect(other).toMatchObject({ status: 'administrator', can_send_welcome_messages: false });

  // A bot that does not hold it can't grant it.
  expect(
    await failure(plain.api.promoteChatMember(chat.id, dave.id, { can_send_welcome_messages: true })),
  ).toMatchObject({ code: 400, description: 'Bad Request: RIGHT_FORBIDDEN' });
  expect(await plain.api.getChatMember(chat.id, dave.id)).toMatchObject({ status: 'member' });
});

it('belongs to channels too, and to the default administrator rights', async () => {
  const owner = await person('Owner');
  const poster = await bot('channelgreeter');
  const channel = await control().createChat({
    owner: owner.id,
    title: 'Welcome channel',
    type: 'channel',
  });
  await control().promoteChatMember({
    by: owner.id,
    chat: channel.id,
    user: poster.record.id,
    rights: { can_post_messages: true, can_send_welcome_messages: true },
  });
  expect(await poster.api.getChatMember(channel.id, poster.record.id)).toMatchObject({
    status: 'administrator',
    can_post_messages: true,
    can_send_welcome_messages: true,
  });

  const { api } = await bot('defaultgreeter');
  const none = await api.getMyDefaultAdministratorRights();
  expect(none.can_send_welcome_messages).toBe(false);
  expect(
    await api.setMyDefaultAdministratorRights({
      rights: { ...none, can_invite_users: true, can_send_welcome_messages: true },
    }),
  ).toBe(true);
  expect(await api.getMyDefaultAdministratorRights()).toMatchObject({
    can_manage_chat: true,
    can_invite_users: true,
    can_send_welcome_messages: true,
  });
  expect((await api.getMyDefaultAdministratorRights({ for_channels: true })).can_send_welcome_messages).toBe(
    false,
  );
});
