/**
 * editMessageText with `rich_message` over real HTTP with grammY (issue 25, ADR 0071): the way
 * node-telegram-bot-api 2.x and Vercel's Chat SDK stream a reply (send, then edit the rich content
 * again and again) is served as sendRichMessage serves its rich message (ADR 0051); a text message
 * becomes a rich one and back; refusals (malformed input, media the bot may not send, the same
 * content) change nothing.
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

const NOT_MODIFIED =
  'Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message';

describe('editMessageText with rich_message', () => {
  it('streams a reply: a rich message edited again and again, then text again; the person sees each', async () => {
    const alice = await person('Alice');
    const b = await bot('stream');
    const chat = `@${b.record.username}`;
    await control().sendMessage({ from: alice.id, chat, text: 'hello' });
    const seen = async (id: number) =>
      (await control().listMessages({ user: alice.id, chat, limit: 5 })).find((m) => m.message_id === id);

    const sent = await b.api.sendRichMessage(alice.id, { markdown: 'Thinking' });
    const first = await b.api.editMessageText(alice.id, sent.message_id, { markdown: '**Partial** answer' });
    expect(first).toMatchObject({
      message_id: sent.message_id,
      edit_date: expect.any(Number),
      rich_message: { blocks: [{ type: 'paragraph', text: [{ type: 'bold', text: 'Partial' }, ' answer'] }] },
    });
    expect(first).not.toHaveProperty('text');
    const full = await b.api.editMessageText(alice.id, sent.message_id, {
      html: '<h2>Answer</h2><p>All of it</p>',
    });
    const blocks = [
      { type: 'heading', text: 'Answer', size: 2 },
      { type: 'paragraph', text: 'All of it' },
    ];
    expect(full).toMatchObject({ rich_message: { blocks } });
    expect(await seen(sent.message_id)).toMatchObject({ rich_message: { blocks } });
    // The same content again is not an edit.
    expect(
      await failure(
        b.api.editMessageText(alice.id, sent.message_id, { html: '<h2>Answer</h2><p>All of it</p>' }),
      ),
    ).toMatchObject({ code: 400, description: NOT_MODIFIED });

    // Text becomes rich, and rich text again, with a keyboard.
    const plain = await b.api.sendMessage(alice.id, 'plain');
    const rich = await b.api.editMessageText(alice.id, plain.message_id, { html: '<p>rich now</p>' });
    expect(rich).toMatchObject({ rich_message: { blocks: [{ type: 'paragraph', text: 'rich now' }] } });
    expect(rich).not.toHaveProperty('text');
    const keyboard = { inline_keyboard: [[{ text: 'More', callback_data: 'more' }]] };
    const back = await b.api.editMessageText(alice.id, plain.message_id, 'text again', {
      reply_markup: keyboard,
    });
    expect(back).toMatchObject({ text: 'text again', reply_markup: keyboard });
    expect(back).not.toHaveProperty('rich_message');
    expect(await seen(plain.message_id)).toMatchObject({ text: 'text again' });
    expect(await seen(plain.message_id)).not.toHaveProperty('rich_message');
  });

  it('refuses malformed rich content and media the bot may not send, changing nothing', async () => {
    const owner = await person('Owner');
    const admin = await bot('redadm');
    const member = await bot('redmem');
    const group = await control().createChat({ owner: owner.id, title: 'Rich', type: 'supergroup' });
    await control().promoteChatMember({
      by: owner.id,
      chat: group.id,
      user: admin.record.id,
      rights: { can_restrict_members: true },
    });
    await control().addChatMember({ by: owner.id, chat: group.id, user: member.record.id });
    await admin.api.restrictChatMember(group.id, member.record.id, {
      can_send_messages: true,
      can_send_photos: false,
    });
    const sent = await member.api.sendMessage(group.id, 'draft');
    const before = await control().listMessages({ user: owner.id, chat: group.id, limit: 10 });

    expect(
      await failure(member.api.editMessageText(group.id, sent.message_id, { html: '<p><b>open</p>' })),
    ).toMatchObject({
      code: 400,
      description: `Bad Request: can't parse entities: Unmatched end tag at byte offset 10, expected "</b>", found "</p>"`,
    });
    // The right to send photos is checked before the image is fetched.
    expect(
      await failure(
        member.api.editMessageText(group.id, sent.message_id, {
          html: '<p>look</p><img src="http://127.0.0.1:9/never-fetched.png"/>',
        }),
      ),
    ).toMatchObject({ code: 400, description: 'Bad Request: not enough rights to send photos to the chat' });
    expect(await control().listMessages({ user: owner.id, chat: group.id, limit: 10 })).toEqual(before);

    // Someone else's message is not the bot's to edit, with rich content as with text.
    const theirs = await admin.api.sendMessage(group.id, 'mine');
    expect(
      await failure(member.api.editMessageText(group.id, theirs.message_id, { html: '<p>x</p>' })),
    ).toMatchObject({ description: "Bad Request: message can't be edited" });
    // Neither text nor rich_message.
    expect(
      await failure(
        member.api.raw.editMessageText({ chat_id: group.id, message_id: sent.message_id } as never),
      ),
    ).toMatchObject({ description: 'Bad Request: message text is empty' });
  });
});
