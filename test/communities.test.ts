/**
 * Communities (Bot API 10.2, issue 26, ADR 0077) end to end: a person creates one and adds and
 * removes a supergroup and a channel they own with `parley community ...` (the CLI runs in this
 * process; its requests go over HTTP) and the control API. A grammY 1.46 bot in the supergroup
 * (getUpdates) and an administrator bot of the channel (webhook) get community_chat_added and
 * community_chat_removed as service messages, and getChat shows `community` while the chat is in
 * one. Every refusal is the control API's own error and changes nothing.
 */
import { Bot, type Context } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliRunner, controlFailure } from './helpers/cli-runner.js';
import { groupKit, type TestBot } from './helpers/groups.js';
import { startServer, type TestServer } from './helpers/in-process.js';
import { startReceiver, type Receiver } from './helpers/receiver.js';
import { waitFor } from './helpers/wait-for.js';

let server: TestServer;
let hook: Receiver;
beforeAll(async () => {
  server = await startServer();
  hook = await startReceiver();
});
afterAll(async () => {
  await hook.close();
  await server.close();
});

const { person, bot } = groupKit(() => server);
const parley = cliRunner(() => server, process.cwd());
const control = () => server.control;

/** The service messages a grammY bot's handlers saw, by the filter queries of its own types. */
async function grammyInbox(member: TestBot) {
  const grammy = new Bot(member.token, {
    client: { apiRoot: server.url },
    botInfo: await member.api.getMe(),
  });
  const added: Array<{ chat: number; community: { id: number; name: string } }> = [];
  const removed: number[] = [];
  grammy.on('message:community_chat_added', (ctx: Context) => {
    added.push({ chat: ctx.chat!.id, community: ctx.msg!.community_chat_added!.community });
  });
  grammy.on('message:community_chat_removed', (ctx: Context) => {
    removed.push(ctx.chat!.id);
  });
  let offset = 0;
  return {
    added,
    removed,
    /** Reads the queued updates and hands them to the bot's handlers. */
    async poll() {
      const updates = await grammy.api.getUpdates({ offset, timeout: 0 });
      for (const update of updates) {
        offset = update.update_id + 1;
        await grammy.handleUpdate(update);
      }
      return updates.length;
    },
  };
}

describe('communities', () => {
  it('are created, filled and emptied through the CLI; bots get the service messages and getChat shows the community', async () => {
    const owner = await person('Olivia');
    const member = await bot('commsg');
    const poster = await bot('commch');
    const supergroup = await control().createChat({
      owner: owner.id,
      title: 'Makers',
      type: 'supergroup',
      members: [member.record.id],
    });
    const channel = await control().createChat({ owner: owner.id, title: 'Makers news', type: 'channel' });
    await control().promoteChatMember({
      by: owner.id,
      chat: channel.id,
      user: poster.record.id,
      rights: { can_post_messages: true },
    });
    await poster.api.setWebhook(hook.url);
    const inbox = await grammyInbox(member);
    await inbox.poll();

    const created = await parley(
      'community',
      'create',
      '--owner',
      String(owner.id),
      '--name',
      'Makers',
      '--json',
    );
    expect(created.code, created.stderr).toBe(0);
    const community = JSON.parse(created.stdout) as { id: number; name: string };
    expect(Object.keys(community).sort()).toEqual(['id', 'name']);
    expect(community.name).toBe('Makers');
    // Beyond 32 bits, within the spec's 52.
    expect(community.id).toBeGreaterThan(2 ** 32);
    expect(community.id).toBeLessThan(2 ** 52);
    expect(Number.isSafeInteger(community.id)).toBe(true);

    const human = await parley('community', 'create', '--owner', String(owner.id), '--name', 'Side');
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toMatch(/^community \d+ "Side"$/);

    const id = String(community.id);
    const add = await parley(
      'community',
      'add',
      id,
      '--chat',
      String(supergroup.id),
      '--by',
      String(owner.id),
    );
    expect(add.code, add.stderr).toBe(0);
    expect(add.stdout).toBe(`community ${id} "Makers": ${supergroup.id} "Makers"`);
    const addChannel = await parley(
      'community',
      'add',
      id,
      '--chat',
      String(channel.id),
      '--by',
      String(owner.id),
      '--json',
    );
    expect(addChannel.code, addChannel.stderr).toBe(0);
    expect(JSON.parse(addChannel.stdout)).toMatchObject({
      id: community.id,
      name: 'Makers',
      owner_id: owner.id,
      chats: [{ id: supergroup.id }, { id: channel.id }],
    });

    // The supergroup's bot, by getUpdates, through grammY's own filter and types.
    await waitFor(async () => (await inbox.poll(), inbox.added.length > 0), { what: 'community_chat_added' });
    expect(inbox.added).toEqual([{ chat: supergroup.id, community: { id: community.id, name: 'Makers' } }]);
    const info = await member.api.getChat(supergroup.id);
    expect(info.community).toEqual({ id: community.id, name: 'Makers' });

    // The channel's administrator bot, by webhook: a channel_post.
    const post = await waitFor(
      () => hook.received.find((request) => request.json.channel_post !== undefined)?.json.channel_post,
      { what: 'the channel_post by webhook' },
    );
    expect(post).toMatchObject({
      chat: { id: channel.id, type: 'channel' },
      community_chat_added: { community: { id: community.id, name: 'Makers' } },
    });
    await poster.api.deleteWebhook();
    expect((await poster.api.getChat(channel.id)).community).toEqual({ id: community.id, name: 'Makers' });

    const remove = await parley(
      'community',
      'remove',
      id,
      '--chat',
      String(supergroup.id),
      '--by',
      String(owner.id),
    );
    expect(remove.code, remove.stderr).toBe(0);
    expect(remove.stdout).toBe(`community ${id} "Makers": ${channel.id} "Makers news"`);
    await waitFor(async () => (await inbox.poll(), inbox.removed.length > 0), {
      what: 'community_chat_removed',
    });
    expect(inbox.removed).toEqual([supergroup.id]);
    expect((await member.api.getChat(supergroup.id)).community).toBeUndefined();
    // The channel stays in it.
    expect((await control().getCommunity(community.id)).chats.map((chat) => chat.id)).toEqual([channel.id]);
  });

  it('refuses what the rules forbid, in the control API’s own errors, and changes nothing', async () => {
    const owner = await person('Owen');
    const stranger = await person('Sam');
    const member = await bot('commref');
    const mine = await control().createChat({
      owner: owner.id,
      title: 'Mine',
      type: 'supergroup',
      members: [member.record.id, stranger.id],
    });
    const theirs = await control().createChat({ owner: stranger.id, title: 'Theirs', type: 'channel' });
    const group = await control().createChat({ owner: owner.id, title: 'Basic', type: 'group' });
    const community = await control().createCommunity({ owner: owner.id, name: '  Owen’s   circle ' });
    expect(community.name).toBe('Owen’s circle');
    const other = await control().createCommunity({ owner: owner.id, name: 'Other' });
    await member.updates();

    expect(await controlFailure(control().createCommunity({ owner: owner.id, name: '   ' }))).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
    });
    expect(
      await controlFailure(control().createCommunity({ owner: owner.id, name: 'x'.repeat(129) })),
    ).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect(
      await controlFailure(control().createCommunity({ owner: member.record.id, name: 'Bots own none' })),
    ).toMatchObject({ status: 404, code: 'USER_NOT_FOUND' });

    const add = (community: number, chat: number, by: number) =>
      controlFailure(control().addCommunityChat({ community, chat, by }));
    // Not the community's owner (though the chat's creator).
    expect(await add(community.id, theirs.id, stranger.id)).toMatchObject({
      status: 403,
      code: 'COMMUNITY_OWNER_REQUIRED',
    });
    // The community's owner, but not the chat's creator.
    expect(await add(community.id, theirs.id, owner.id)).toMatchObject({
      status: 403,
      code: 'CHAT_ADMIN_REQUIRED',
    });
    expect(await add(community.id, group.id, owner.id)).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'only supergroups and channels can be in a community',
    });
    expect(await add(2 ** 40, mine.id, owner.id)).toMatchObject({ status: 404, code: 'COMMUNITY_NOT_FOUND' });
    expect(await add(community.id, -1009999999999, owner.id)).toMatchObject({
      status: 404,
      code: 'CHAT_NOT_FOUND',
    });
    expect(
      await controlFailure(
        control().removeCommunityChat({ community: community.id, chat: mine.id, by: owner.id }),
      ),
    ).toMatchObject({ status: 400, code: 'CHAT_NOT_IN_COMMUNITY' });
    // Nothing happened: no service message, no community.
    expect(await member.updates()).toEqual([]);
    expect((await member.api.getChat(mine.id)).community).toBeUndefined();
    expect((await control().getCommunity(community.id)).chats).toEqual([]);

    await control().addCommunityChat({ community: community.id, chat: mine.id, by: owner.id });
    expect(await member.updates()).toHaveLength(1);
    // A chat is in one community at most: again, or another, is refused.
    expect(await add(community.id, mine.id, owner.id)).toMatchObject({
      status: 409,
      code: 'CHAT_ALREADY_IN_COMMUNITY',
    });
    expect(await add(other.id, mine.id, owner.id)).toMatchObject({
      status: 409,
      code: 'CHAT_ALREADY_IN_COMMUNITY',
    });
    expect(
      await controlFailure(
        control().removeCommunityChat({ community: other.id, chat: mine.id, by: owner.id }),
      ),
    ).toMatchObject({ status: 400, code: 'CHAT_NOT_IN_COMMUNITY' });
    expect(await member.updates()).toEqual([]);
    expect((await member.api.getChat(mine.id)).community).toEqual({
      id: community.id,
      name: 'Owen’s circle',
    });
    expect((await control().getCommunity(other.id)).chats).toEqual([]);
    expect(await controlFailure(control().getCommunity(12345))).toMatchObject({
      status: 404,
      code: 'COMMUNITY_NOT_FOUND',
    });

    const usage = await parley(
      'community',
      'add',
      'abc',
      '--chat',
      String(mine.id),
      '--by',
      String(owner.id),
    );
    expect(usage.code).not.toBe(0);
    expect(usage.stderr).toContain('COMMUNITY must be an integer');
  });
});
