/**
 * Forum topics and invite links in a world file written by hand (ADR 0102): thread ids and links
 * made where the file gives none, the General topic made for a forum without it, kept links that
 * open the chat; and the problems of a wrong topic or link, each with its field, changing nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ControlApiError } from '../src/testkit/index.js';
import { startServer, type TestServer } from './helpers/in-process.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

describe('topics and links written by hand', () => {
  it('makes thread ids after the messages, the General topic, and links that open the chat', async () => {
    const text = [
      'people:',
      '  - { phone_number: "+15550700001", username: tom_forum }',
      '  - { phone_number: "+15550700002", username: una_forum }',
      'chats:',
      '  - id: -1001700000001',
      '    type: supergroup',
      '    title: Hand forum',
      '    is_forum: true',
      '    members:',
      '      - { user: "@tom_forum", status: creator }',
      '    topics:',
      '      - { name: Ideas, icon_color: 13338331 }',
      '      - { thread_id: 40, name: Archive, is_closed: true, creator: "@tom_forum" }',
      '    invite_links:',
      '      - { link: "https://t.me/+handForumLink0001", name: Door }',
      '      - { name: Fresh, creates_join_request: true }',
      '    messages:',
      '      - { id: 7, from: "@tom_forum", date: 1700000000, content: { text: first } }',
      '',
    ].join('\n');
    await server.control.importWorld({ world_text: text });
    const file = await server.control.exportWorld();
    const chat = file.chats?.find((c) => c.id === -1001700000001);
    // Ideas takes the id after message 7 and thread 40: 41.
    expect(chat?.topics).toEqual([
      { thread_id: 1, name: 'General', icon_color: 7322096, creator: '@tom_forum' },
      { thread_id: 40, name: 'Archive', icon_color: 7322096, creator: '@tom_forum', is_closed: true },
      { thread_id: 41, name: 'Ideas', icon_color: 13338331, creator: '@tom_forum' },
    ]);
    expect(chat?.invite_links).toContainEqual({
      link: 'https://t.me/+handForumLink0001',
      creator: '@tom_forum',
      name: 'Door',
    });
    expect(chat?.invite_links?.find((l) => l.name === 'Fresh')).toMatchObject({
      link: expect.stringMatching(/^https:\/\/t\.me\/\+[\w-]{16}$/),
      creates_join_request: true,
    });
    const una = file.people!.find((p) => p.username === 'una_forum')!;
    await server.control.joinChat({ user: una.id!, invite_link: '+handForumLink0001' });
    // A new message takes an id after every thread's.
    const sent = await server.control.sendMessage({ from: una.id!, chat: -1001700000001, text: 'hi' });
    expect(sent.message_id).toBeGreaterThan(41);
  });
});

describe('wrong topics and links', () => {
  it('names each problem with its field and imports nothing', async () => {
    const before = await server.control.exportWorld();
    const text = [
      'people:',
      '  - { phone_number: "+15550700011", username: vic_forum }',
      'chats:',
      '  - type: supergroup',
      '    title: Not a forum',
      '    members: [{ user: "@vic_forum", status: creator }]',
      '    topics: [{ name: Lost }]',
      '  - type: supergroup',
      '    title: Bad forum',
      '    is_forum: true',
      '    members: [{ user: "@vic_forum", status: creator }]',
      '    topics:',
      '      - { thread_id: 5, name: A, icon_color: 123, is_hidden: true }',
      '      - { thread_id: 5, name: B }',
      '    invite_links:',
      '      - { link: "+sameLinkTwice01", member_limit: 3, creates_join_request: true }',
      '      - { link: "+sameLinkTwice01", creator: "@nobody_here" }',
      '',
    ].join('\n');
    const error = await server.control.importWorld({ world_text: text }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ControlApiError);
    const message = (error as ControlApiError).message;
    expect(message).toContain('chats[0].topics: only a forum (is_forum: true) has topics');
    expect(message).toContain('chats[1].topics[0].icon_color: must be one of');
    expect(message).toContain(
      'chats[1].topics[0].is_hidden: only the General topic (thread_id 1) can be hidden',
    );
    expect(message).toContain(
      'chats[1].invite_links[0].member_limit: a link that creates join requests has no member limit',
    );
    expect(await server.control.exportWorld()).toEqual(before);

    // With the shape right, what refers to what: a thread and a link twice, a creator that is no one.
    const planned = text
      .replace('    topics: [{ name: Lost }]\n', '')
      .replace(', icon_color: 123, is_hidden: true', '')
      .replace('member_limit: 3, ', '');
    const second = await server.control.importWorld({ world_text: planned }).catch((e: unknown) => e);
    const problems = (second as ControlApiError).message;
    expect(problems).toMatch(
      /line 13, column \d+: chats\[1\]\.topics\[1\]\.thread_id: thread 5 is in the chat twice/,
    );
    expect(problems).toContain('chats[1].invite_links[1].link: +sameLinkTwice01 is taken');
    expect(problems).toContain('chats[1].invite_links[1].creator: no user or bot @nobody_here');
    expect(await server.control.exportWorld()).toEqual(before);
  });

  it('names wrong reactions and pins of a message', async () => {
    const before = await server.control.exportWorld({ messages: true });
    const text = [
      'people:',
      '  - { phone_number: "+15550700021", username: wes_forum }',
      'chats:',
      '  - type: group',
      '    title: Reactions',
      '    members: [{ user: "@wes_forum", status: creator }]',
      '    messages:',
      '      - id: 1',
      '        date: 1700000000',
      '        content: { text: hi }',
      '        pinned: "yes"',
      '        reactions:',
      '          - { user: "@wes_forum", reaction: [{ type: smile }] }',
      '          - { user: "@wes_forum", reaction: [] }',
      '          - { user: "@wes_forum", reaction: [{ type: custom_emoji }] }',
      '',
    ].join('\n');
    const error = await server.control.importWorld({ world_text: text }).catch((e: unknown) => e);
    const message = (error as ControlApiError).message;
    expect(message).toContain('chats[0].messages[0].pinned: must be true or false');
    expect(message).toContain(
      'chats[0].messages[0].reactions[0].reaction[0].type: must be one of emoji, custom_emoji, paid',
    );
    expect(message).toContain(
      'chats[0].messages[0].reactions[1].reaction: must be a list of 1 to 3 ReactionType objects',
    );
    expect(message).toContain('chats[0].messages[0].reactions[2].reaction[0].custom_emoji_id: is required');
    // Right in shape, a user who reacts twice is named.
    const twice = text
      .replace('pinned: "yes"', 'pinned: true')
      .replace('[{ type: smile }]', '[{ type: emoji, emoji: "👍" }]')
      .replace('reaction: []', 'reaction: [{ type: paid }]')
      .replace(
        '[{ type: custom_emoji }]',
        '[{ type: custom_emoji, custom_emoji_id: "5368324170671202286" }]',
      );
    const second = await server.control.importWorld({ world_text: twice }).catch((e: unknown) => e);
    expect((second as ControlApiError).message).toContain(
      'chats[0].messages[0].reactions[1].user: reacted twice',
    );
    expect(await server.control.exportWorld({ messages: true })).toEqual(before);
  });
});
