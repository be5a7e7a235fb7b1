/**
 * Bot API 10.3's CommunityChatJoined (ADR 0096): a person joins a supergroup of a community from the
 * community (`parley community join`, `POST /control/communities/join`); a grammY 1.46 bot of the
 * chat gets the `community_chat_joined {community}` service message (its own filter query and
 * types) from that person, the person is a member, and the members' transcripts say it. A chat of no
 * or another community, a second join and an unknown community are refused, changing nothing.
 */
import { Bot } from 'grammy';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cliRunner, controlFailure } from './helpers/cli-runner.js';
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
const control = () => server.control;

it('posts community_chat_joined from the person who joins from the community, which the bot gets', async () => {
  const owner = await person('Olga');
  const bob = await person('Bob');
  const member = await bot('joinwatch');
  const chat = await control().createChat({
    owner: owner.id,
    title: 'Makers chat',
    type: 'supergroup',
    members: [member.record.id],
  });
  const other = await control().createChat({ owner: owner.id, title: 'Elsewhere', type: 'supergroup' });
  const community = await control().createCommunity({ owner: owner.id, name: 'Makers' });
  await control().addCommunityChat({ community: community.id, chat: chat.id, by: owner.id });

  const grammy = new Bot(member.token, {
    client: { apiRoot: server.url },
    botInfo: await member.api.getMe(),
  });
  const joined: Array<{ from: number | undefined; community: { id: number; name: string } }> = [];
  const newMembers: number[] = [];
  grammy.on('message:community_chat_joined', (ctx) => {
    joined.push({ from: ctx.from?.id, community: ctx.msg.community_chat_joined.community });
  });
  grammy.on('message:new_chat_members', (ctx) => {
    newMembers.push(...ctx.msg.new_chat_members.map((user) => user.id));
  });
  const poll = async () => {
    for (const update of await grammy.api.getUpdates({ timeout: 0 })) {
      await grammy.api.getUpdates({ offset: update.update_id + 1, timeout: 0 });
      await grammy.handleUpdate(update);
    }
  };
  await poll();

  const cli = await parley(
    'community',
    'join',
    String(community.id),
    '--chat',
    String(chat.id),
    '--user',
    String(bob.id),
    '--json',
  );
  expect(cli).toMatchObject({ code: 0 });
  expect(JSON.parse(cli.stdout)).toMatchObject({ status: 'member', chat: { id: chat.id } });
  await poll();
  expect(joined).toEqual([{ from: bob.id, community: { id: community.id, name: 'Makers' } }]);
  expect(newMembers).toEqual([]);
  expect(await member.api.getChatMember(chat.id, bob.id)).toMatchObject({ status: 'member' });
  const transcript = await control().getTranscript({ user: String(owner.id), chat: String(chat.id) });
  expect(transcript.text).toContain('Bob joined from the community "Makers"');

  // Refusals, each changing nothing.
  expect(
    await controlFailure(
      control().joinCommunityChat({ community: community.id, chat: chat.id, user: bob.id }),
    ),
  ).toMatchObject({ status: 409, code: 'USER_ALREADY_PARTICIPANT' });
  expect(
    await controlFailure(
      control().joinCommunityChat({ community: community.id, chat: other.id, user: bob.id }),
    ),
  ).toMatchObject({ status: 400, code: 'CHAT_NOT_IN_COMMUNITY' });
  expect(
    await controlFailure(control().joinCommunityChat({ community: 12345, chat: chat.id, user: owner.id })),
  ).toMatchObject({ status: 404, code: 'COMMUNITY_NOT_FOUND' });
  const members = (await control().getChat(other.id)).members.map((each) => each.user.id);
  expect(members).not.toContain(bob.id);
  await poll();
  expect(joined).toHaveLength(1);
});
