/**
 * Worlds from a file (ADR 0102, issue 29): a world built through the control API and the Bot API,
 * exported, imported into a fresh server and exported again gives the same file; invalid files name
 * the line and the field of each problem and change nothing.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ControlApiError, type WorldFile } from '../src/testkit/index.js';
import { callBotApi, startServer, type TestServer } from './helpers/in-process.js';
import { startReceiver, type Receiver } from './helpers/receiver.js';

let first: TestServer;
let second: TestServer;
let hook: Receiver;
beforeAll(async () => {
  [first, second, hook] = await Promise.all([startServer(), startServer(), startReceiver()]);
});
afterAll(async () => {
  await Promise.all([first.close(), second.close(), hook.close()]);
});

/** People, devices, a bot with commands, texts, rights and a webhook, a group with rights and a restriction, an account, messages. */
async function buildWorld(server: TestServer) {
  const { control } = server;
  const alice = await control.createUser({
    phone_number: '+15550100001',
    first_name: 'Alice',
    username: 'alice_w',
  });
  const bob = await control.createUser({ phone_number: '+15550100002', first_name: 'Bob', last_name: 'B' });
  await control.addDevice({ user: alice.id, name: 'Laptop', online: false, receipt_delay: 3 });
  const bot = await control.createBot({ username: 'world_echo_bot', first_name: 'Echo' });
  const token = bot.token;
  await control.sendMessage({ from: alice.id, chat: '@world_echo_bot', text: 'hello bot' });
  const group = await control.createChat({
    owner: alice.id,
    title: 'World room',
    type: 'supergroup',
    members: [bob.id, '@world_echo_bot'],
  });
  await control.promoteChatMember({
    by: alice.id,
    chat: group.id,
    user: '@world_echo_bot',
    rights: {
      can_delete_messages: true,
      can_restrict_members: true,
      can_pin_messages: true,
      can_manage_topics: true,
      can_invite_users: true,
    },
    custom_title: 'Robot',
  });
  await control.restrictChatMember({
    by: alice.id,
    chat: group.id,
    user: bob.id,
    permissions: { can_send_messages: true },
  });
  const welcome = await control.sendMessage({ from: alice.id, chat: group.id, text: 'welcome to the room' });
  // A pinned message with two people's reactions.
  await control.pinMessage({ user: alice.id, chat: group.id, message_id: welcome.message_id });
  await control.react({ user: bob.id, chat: group.id, message_id: welcome.message_id, emoji: ['👍', '🔥'] });
  await control.react({ user: alice.id, chat: group.id, message_id: welcome.message_id, emoji: '❤' });
  const api = async (method: string, params: Record<string, unknown>) => {
    const { body } = await callBotApi(server, token, method, params);
    expect(body.ok, `${method}: ${body.description}`).toBe(true);
    return body.result as Record<string, unknown>;
  };
  // A forum with a closed topic and a hidden General; invite links of the owner and of the bot.
  await control.setChatForum({ by: alice.id, chat: group.id });
  const topic = await api('createForumTopic', { chat_id: group.id, name: 'Plans', icon_color: 16766590 });
  await api('closeForumTopic', { chat_id: group.id, message_thread_id: topic.message_thread_id });
  await api('hideGeneralForumTopic', { chat_id: group.id });
  await control.createInviteLink({
    by: alice.id,
    chat: group.id,
    name: 'Friends',
    expire_date: 2_000_000_000,
    member_limit: 5,
  });
  await api('createChatInviteLink', { chat_id: group.id, name: 'Ask first', creates_join_request: true });
  await api('setMyCommands', { commands: [{ command: 'start', description: 'Start' }] });
  await api('setMyCommands', {
    commands: [{ command: 'ban', description: 'Ban someone' }],
    scope: { type: 'chat_administrators', chat_id: group.id },
    language_code: 'en',
  });
  await api('setMyDescription', { description: 'Echoes what you say' });
  await api('setMyShortDescription', { short_description: 'Echo', language_code: 'de' });
  await api('setMyDefaultAdministratorRights', {
    rights: { can_delete_messages: true },
    for_channels: false,
  });
  await api('setChatMenuButton', {
    menu_button: { type: 'web_app', text: 'Open', web_app: { url: 'https://example.org/app' } },
  });
  await api('setWebhook', { url: `${hook.url}/hook`, secret_token: 'world-secret', max_connections: 7 });
  const account = await control.createGatewayAccount({ owner: alice.id, credits: 10 });
  await control.setGatewayPrices(account.id, { default_price: '0.02', prices: { '44': '0.05' } });
  return { alice, bob, bot, group };
}

describe('world export and import', () => {
  it('gives the same world in a fresh server: both exports are equal', async () => {
    const built = await buildWorld(first);
    const exported = await first.control.exportWorld({ messages: true });
    // People are in id order, and ids are random.
    expect(exported.people?.map((p) => p.phone_number).sort()).toEqual(['+15550100001', '+15550100002']);
    const bot = exported.bots?.[0];
    expect(bot).toMatchObject({
      id: built.bot.id,
      token: built.bot.token,
      username: 'world_echo_bot',
      description: 'Echoes what you say',
      translations: { de: { short_description: 'Echo' } },
      webhook: { url: `${hook.url}/hook`, secret_token: 'world-secret', max_connections: 7 },
      default_administrator_rights: { groups: { can_delete_messages: true } },
      menu_button: { type: 'web_app', text: 'Open' },
    });
    expect(bot?.commands).toEqual([
      {
        scope: { type: 'chat_administrators', chat: built.group.id },
        language_code: 'en',
        commands: [{ command: 'ban', description: 'Ban someone' }],
      },
      { commands: [{ command: 'start', description: 'Start' }] },
    ]);
    const group = exported.chats?.find((c) => c.id === built.group.id);
    expect(group?.members).toEqual([
      { user: '@alice_w', status: 'creator', is_anonymous: false },
      expect.objectContaining({
        user: '@world_echo_bot',
        status: 'administrator',
        custom_title: 'Robot',
        rights: expect.objectContaining({ can_restrict_members: true }),
      }),
      expect.objectContaining({ user: '+15550100002', status: 'restricted', is_member: true }),
    ]);
    expect(group?.messages?.map((m) => m.content.text)).toContain('welcome to the room');
    expect(group?.messages?.find((m) => m.content.text === 'welcome to the room')).toMatchObject({
      pinned: true,
      reactions: expect.arrayContaining([
        {
          user: '+15550100002',
          reaction: [
            { type: 'emoji', emoji: '👍' },
            { type: 'emoji', emoji: '🔥' },
          ],
        },
        { user: '@alice_w', reaction: [{ type: 'emoji', emoji: '❤' }] },
      ]),
    });
    expect(group?.is_forum).toBe(true);
    expect(group?.topics).toEqual([
      expect.objectContaining({ thread_id: 1, name: 'General', creator: '@alice_w', is_hidden: true }),
      expect.objectContaining({
        name: 'Plans',
        icon_color: 16766590,
        creator: '@world_echo_bot',
        is_closed: true,
      }),
    ]);
    const links = group?.invite_links ?? [];
    expect(links).toHaveLength(2);
    expect(links).toContainEqual({
      link: expect.stringMatching(/^https:\/\/t\.me\/\+[\w-]{16}$/),
      creator: '@alice_w',
      name: 'Friends',
      expire_date: 2_000_000_000,
      member_limit: 5,
    });
    expect(links).toContainEqual(
      expect.objectContaining({ creator: '@world_echo_bot', name: 'Ask first', creates_join_request: true }),
    );
    expect(exported.chats?.find((c) => c.type === 'private')?.messages?.[0]).toMatchObject({
      from: '@alice_w',
      content: { text: 'hello bot' },
    });
    expect(exported.gateway_accounts).toEqual([
      { owner: '@alice_w', balance: 10, default_price: 0.02, prices: { '44': 0.05 } },
    ]);

    const imported = await second.control.importWorld({ world: exported });
    expect(imported.bots).toEqual([{ id: built.bot.id, username: 'world_echo_bot', token: built.bot.token }]);
    expect(imported.gateway_accounts[0]?.access_token).toMatch(/^AA[\w-]{44}$/);
    expect(await second.control.exportWorld({ messages: true })).toEqual(exported);

    // A kept link opens the same chat in the new server.
    const friends = links.find((l) => l.name === 'Friends')!;
    const carol = await second.control.createUser({ phone_number: '+15550100003', first_name: 'Carol' });
    await second.control.joinChat({ user: carol.id, invite_link: friends.link });
    const joined = await second.control.getChat(built.group.id);
    expect(JSON.stringify(joined)).toContain(String(carol.id));

    // The imported bot works with its old token, and its webhook is served.
    const me = await callBotApi(second, built.bot.token, 'getMe');
    expect(me.body.result).toMatchObject({ id: built.bot.id, username: 'world_echo_bot' });
    const info = await callBotApi(second, built.bot.token, 'getWebhookInfo');
    expect(info.body.result).toMatchObject({ url: `${hook.url}/hook`, max_connections: 7 });
  });

  it('refuses a file that conflicts with the workspace, listing every problem, and changes nothing', async () => {
    const before = await second.control.exportWorld({ messages: true });
    const error = await second.control.importWorld({ world: before }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ControlApiError);
    expect((error as ControlApiError).status).toBe(400);
    const text = (error as ControlApiError).message;
    expect(text).toMatch(/people\[0\]\.id: id \d+ is taken/);
    expect(text).toMatch(/people\[\d\]\.phone_number: \+15550100001 is taken/);
    expect(text).toContain('bots[0].username: @world_echo_bot is taken');
    expect(await second.control.exportWorld({ messages: true })).toEqual(before);
  });
});

describe('invalid world files', () => {
  const problemOf = async (server: TestServer, params: { world_text?: string; world?: WorldFile }) => {
    const error = await server.control.importWorld(params).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ControlApiError);
    expect((error as ControlApiError).error).toBe('BAD_REQUEST');
    return (error as ControlApiError).message;
  };

  it('names the line and column of a YAML syntax error', async () => {
    const text = 'people:\n  - phone_number: "+15550109001"\n    first_name: [Ann\nbots: []\n';
    expect(await problemOf(second, { world_text: text })).toMatch(
      /^BAD_REQUEST: the world file has a problem, nothing was imported:\nline 4, column 1: Flow sequence/,
    );
  });

  it('names the line and the field of a wrong type, in YAML and in JSON', async () => {
    const yaml = [
      'people:',
      '  - phone_number: "+15550109002"',
      '    first_name: Ann',
      'bots:',
      '  - username: typed_bot',
      '    can_join_groups: "yes"',
      '',
    ].join('\n');
    expect(await problemOf(second, { world_text: yaml })).toContain(
      'line 6, column 22: bots[0].can_join_groups: must be true or false, not string "yes"',
    );
    const json = JSON.stringify(
      {
        bots: [{ username: 'typed_bot', commands: [{ commands: [{ command: 'Bad!', description: 'x' }] }] }],
        people: [],
      },
      null,
      2,
    );
    const message = await problemOf(second, { world_text: json });
    expect(message).toMatch(
      /line 9, column \d+: bots\[0\]\.commands\[0\]\.commands\[0\]\.command: "Bad!" is not a command/,
    );
  });

  it("names an unknown bot among a chat's members, and writes none of the file", async () => {
    const before = await second.control.exportWorld();
    const yaml = [
      'people:',
      '  - phone_number: "+15550109003"',
      '    username: carol_w',
      'chats:',
      '  - type: group',
      '    title: Lost',
      '    members:',
      '      - user: "@carol_w"',
      '        status: creator',
      '      - user: "@ghost_bot"',
      '        status: member',
      '',
    ].join('\n');
    expect(await problemOf(second, { world_text: yaml })).toContain(
      'line 10, column 15: chats[0].members[1].user: no user or bot @ghost_bot in the file or the workspace',
    );
    expect(await second.control.exportWorld()).toEqual(before);
  });

  it('checks a bot token as the Bot API reads it, and unknown fields', async () => {
    const message = await problemOf(second, {
      world: {
        bots: [{ username: 'tok_bot', token: '12:short', translations: null }],
        chats: [{ type: 'group', title: 'x', colour: 'red', messages: [{ id: 1, date: 1, content: null }] }],
      } as unknown as WorldFile,
    });
    expect(message).toContain('bots[0].token: "12:short" is not a bot token');
    expect(message).toContain('chats[0].colour: unknown field');
    expect(message).toContain('bots[0].translations: must be an object, not null');
    expect(message).toContain('chats[0].messages[0].content: must be an object, not null');
    expect(message).not.toMatch(/line \d/);
  });
});

describe('the example world file', () => {
  it('docs/examples/world.yaml imports into a fresh server', async () => {
    const server = await startServer();
    try {
      const text = readFileSync(new URL('../docs/examples/world.yaml', import.meta.url), 'utf8');
      const imported = await server.control.importWorld({ world_text: text });
      expect(imported.bots).toEqual([
        { id: 200000001, username: 'echo_bot', token: '200000001:AAexampleWorldEchoBotSecret0123456' },
      ]);
      const group = await server.control.getChat(-1001000000001);
      expect(group).toMatchObject({ title: 'Echo fans', type: 'supergroup' });
    } finally {
      await server.close();
    }
  });
});

describe('world files on the timeline', () => {
  it('records an import without the tokens of its text or of its answer', async () => {
    const server = await startServer();
    try {
      const gatewayToken = `AA${'g'.repeat(44)}`;
      const botToken = '300000001:AAtimelineWorldBotSecret0123456789';
      const text = [
        'people:',
        '  - { phone_number: "+15550500001", username: tina_w }',
        'bots:',
        `  - { token: "${botToken}", username: timeline_world_bot }`,
        'gateway_accounts:',
        `  - { owner: "@tina_w", token: ${gatewayToken} }`,
        '',
      ].join('\n');
      await server.control.importWorld({ world_text: text });
      const page = await server.control.getTimeline({ kind: 'action' });
      const event = page.events.find((e) => e.name === '/world');
      expect(event?.request).toContain('<redacted>');
      const everything = JSON.stringify(page.events);
      expect(everything).not.toContain(gatewayToken);
      expect(everything).not.toContain(botToken);
    } finally {
      await server.close();
    }
  });
});
