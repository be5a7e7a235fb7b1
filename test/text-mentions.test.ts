/**
 * A text_mention entity carries the whole User it names (spec MessageEntity.user: User), whichever
 * way it was written (MarkdownV2, HTML, legacy Markdown, explicit entities), in the bot's answer, in
 * the person's view and in a poll's explanation; a user Parley does not know is rendered as the
 * reference does (is_bot false, empty first_name). python-telegram-bot 13 cannot read a Message
 * whose mention lacks first_name, so the stub `{ id }` broke every bot built with it.
 */
import { InputFile, type Api } from 'grammy';
import type { MessageEntity } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from './helpers/media-bytes.js';
import { startSendingScene, type Person, type SendingScene } from './helpers/sending-scene.js';

let scene: SendingScene;
let api: Api;
let alice: Person;

beforeAll(async () => {
  scene = await startSendingScene('mentions');
  ({ api, alice } = scene);
});
afterAll(async () => {
  await scene.server.close();
});

const aliceUser = () => ({ id: alice.id, is_bot: false, first_name: 'Alice', last_name: 'Test' });

function mentionOf(entities: MessageEntity[] | undefined) {
  return entities?.find((entity) => entity.type === 'text_mention');
}

describe('text_mention entities', () => {
  it.each([
    ['MarkdownV2', `Hi [Alice](tg://user?id=ALICE)\\!`, 'MarkdownV2'],
    ['HTML', `Hi <a href="tg://user?id=ALICE">Alice</a>!`, 'HTML'],
    ['Markdown', `Hi [Alice](tg://user?id=ALICE)!`, 'Markdown'],
  ] as const)('from %s carry the whole User', async (_name, template, parseMode) => {
    const text = template.replace('ALICE', String(alice.id));
    const sent = await api.sendMessage(alice.id, text, { parse_mode: parseMode });
    expect(mentionOf(sent.entities)).toEqual({
      type: 'text_mention',
      offset: 3,
      length: 5,
      user: aliceUser(),
    });
    const seen = await scene.server.control.listMessages({
      user: alice.phone,
      chat: `@${scene.botName}`,
      limit: 1,
    });
    expect(mentionOf(seen[0]!.entities as MessageEntity[])!.user).toEqual(aliceUser());
  });

  it('from explicit entities (and from a tg://user text_link) carry the whole User', async () => {
    const sent = await api.sendMessage(alice.id, 'Hi Alice and you', {
      entities: [
        {
          type: 'text_mention',
          offset: 3,
          length: 5,
          user: { id: alice.id, is_bot: false, first_name: 'x' },
        },
        { type: 'text_link', offset: 13, length: 3, url: `tg://user?id=${scene.bob.id}` },
      ],
    });
    const mentions = sent.entities!.filter((entity) => entity.type === 'text_mention');
    expect(mentions.map((entity) => entity.type === 'text_mention' && entity.user)).toEqual([
      aliceUser(),
      { id: scene.bob.id, is_bot: false, first_name: 'Bob', last_name: 'Test' },
    ]);
  });

  it('of a bot say is_bot, and of an unknown user have an empty first_name', async () => {
    const sent = await api.sendMessage(
      alice.id,
      `<a href="tg://user?id=${scene.botId}">me</a> <a href="tg://user?id=987654321">nobody</a>`,
      { parse_mode: 'HTML' },
    );
    const users = sent.entities!.map((entity) => (entity.type === 'text_mention' ? entity.user : undefined));
    expect(users).toEqual([
      { id: scene.botId, is_bot: true, first_name: scene.botName, username: scene.botName },
      { id: 987654321, is_bot: false, first_name: '' },
    ]);
  });

  it('in a caption and in a quiz explanation carry the whole User', async () => {
    const photo = await api.sendPhoto(alice.id, new InputFile(png(4, 4), 'a.png'), {
      caption: `Hi <a href="tg://user?id=${alice.id}">Alice</a>`,
      parse_mode: 'HTML',
    });
    expect(mentionOf(photo.caption_entities)).toMatchObject({ user: aliceUser() });
    const quiz = await api.sendPoll(alice.id, '2 + 2?', [{ text: '4' }, { text: '5' }], {
      type: 'quiz',
      correct_option_ids: [0],
      explanation: `Ask [Alice](tg://user?id=${alice.id})`,
      explanation_parse_mode: 'MarkdownV2',
    });
    expect(mentionOf(quiz.poll!.explanation_entities)).toMatchObject({ user: aliceUser() });
    const stopped = await api.stopPoll(alice.id, quiz.message_id);
    expect(mentionOf(stopped.explanation_entities)).toMatchObject({ user: aliceUser() });
  });
});
