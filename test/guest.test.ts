/**
 * Guest mode over real HTTP with grammY (ADR 0047): a bot that supports guest queries is mentioned
 * in a group it is not a member of; it gets guest_message with guest_query_id and answers once with
 * answerGuestQuery: its message goes into the group, replying to the summoning message, with
 * guest_bot_caller_user, and SentGuestMessage's inline_message_id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/in-process.js';
import { failure, first, groupKit, kinds } from './helpers/groups.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const { person, bot } = groupKit(() => server);
const control = () => server.control;

describe('guest mode', () => {
  it('answers a guest query in a chat the bot is not a member of, once', async () => {
    const ann = await person('Ann');
    const ben = await person('Ben');
    const guest = await bot('guest');
    const member = await bot('member', { can_read_all_group_messages: true });
    const chat = await control().createChat({
      owner: ann.id,
      title: 'Friends',
      type: 'supergroup',
      members: [ben.id, member.record.id],
    });
    await member.updates();
    expect((await guest.api.getMe()).supports_guest_queries).toBe(false);

    // Without guest mode, a mention summons nothing.
    await control().sendMessage({ from: ann.id, chat: chat.id, text: `@${guest.record.username} hello?` });
    expect(await guest.updates()).toEqual([]);

    await control().setBotGuestQueries({ bot: `@${guest.record.username}`, enabled: true });
    expect((await guest.api.getMe()).supports_guest_queries).toBe(true);
    const asked = await control().sendMessage({
      from: ann.id,
      chat: chat.id,
      text: `@${guest.record.username} weather in Paris`,
    });
    const updates = await guest.updates();
    expect(kinds(updates)).toEqual(['guest_message']);
    const message = first(updates, 'guest_message');
    expect(message).toMatchObject({
      message_id: asked.message_id,
      from: { id: ann.id },
      chat: { id: chat.id, type: 'supergroup' },
      text: `@${guest.record.username} weather in Paris`,
      guest_query_id: expect.any(String),
    });
    await member.updates();

    const sent = await guest.api.answerGuestQuery(message.guest_query_id as string, {
      type: 'article',
      id: 'w',
      title: 'Paris',
      input_message_content: { message_text: 'Paris: 21°C, sunny' },
    });
    expect(sent).toEqual({ inline_message_id: expect.any(String) });
    const seen = await control().listMessages({ user: ben.id, chat: chat.id });
    expect(seen.at(-1)).toMatchObject({
      from: { id: guest.record.id },
      text: 'Paris: 21°C, sunny',
      guest_bot_caller_user: { id: ann.id },
      reply_to_message: { message_id: asked.message_id },
    });
    // A member bot of the chat sees the answer as a message of the chat.
    expect(first(await member.updates(), 'message')).toMatchObject({
      from: { id: guest.record.id },
      guest_bot_caller_user: { id: ann.id },
    });

    expect(
      await failure(
        guest.api.answerGuestQuery(message.guest_query_id as string, {
          type: 'article',
          id: 'w2',
          title: 'Again',
          input_message_content: { message_text: 'again' },
        }),
      ),
    ).toMatchObject({
      description: 'Bad Request: query is too old and response timeout expired or query ID is invalid',
    });

    // A member bot is not summoned as a guest.
    await control().setBotGuestQueries({ bot: `@${member.record.username}`, enabled: true });
    await control().sendMessage({ from: ben.id, chat: chat.id, text: `@${member.record.username} hi` });
    expect(kinds(await member.updates())).not.toContain('guest_message');
  });
});
