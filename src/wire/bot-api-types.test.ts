/**
 * The generator of bot-api-types.ts (scripts/generate-bot-api-types.js, ADR 0068): its rules on a
 * small Bot API, and, when PARLEY_BOT_API_JSON names the reference's bot-api-10.2.json (which stays
 * outside the repository), that the committed file is what it writes from it now.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  answerTypes,
  botApiTypesSource,
  OUTPUT,
  type BotApiJson,
} from '../../scripts/generate-bot-api-types.js';

const field = (name: string, types: string[], required: boolean, description = '') => ({
  name,
  types,
  required,
  description,
});
const type = (name: string, rest: Partial<BotApiJson['types'][string]>) => ({
  name,
  href: `https://core.telegram.org/bots/api#${name.toLowerCase()}`,
  description: [`The ${name}.`],
  ...rest,
});

const API: BotApiJson = {
  version: 'Bot API 1.0',
  release_date: 'today',
  methods: { sendMessage: { returns: ['Message'] }, getChatMember: { returns: ['ChatMember'] } },
  types: {
    Message: type('Message', {
      fields: [
        field('message_id', ['Integer'], true),
        field('chat', ['Chat'], true),
        field('text', ['String'], false),
        field('photo', ['Array of PhotoSize'], false),
        field('forum_topic_closed', ['ForumTopicClosed'], false),
        field('pinned_message', ['MaybeInaccessibleMessage'], false),
      ],
    }),
    MaybeInaccessibleMessage: type('MaybeInaccessibleMessage', {
      subtypes: ['Message', 'InaccessibleMessage'],
    }),
    InaccessibleMessage: type('InaccessibleMessage', {
      fields: [field('date', ['Integer'], true, 'Always 0. The field can be used to differentiate.')],
    }),
    Chat: type('Chat', {
      fields: [
        field('id', ['Integer'], true),
        field('type', ['String'], true, "Type of the chat, can be either 'private', 'group' or 'channel'"),
        field('is_forum', ['True'], false),
      ],
    }),
    PhotoSize: type('PhotoSize', {
      fields: [field('file_id', ['String'], true), field('width', ['Integer'], true)],
    }),
    ForumTopicClosed: type('ForumTopicClosed', { fields: [] }),
    ChatMember: type('ChatMember', { subtypes: ['ChatMemberOwner', 'ChatMemberLeft'] }),
    ChatMemberOwner: type('ChatMemberOwner', {
      fields: [
        field('status', ['String'], true, "The member's status in the chat, always 'creator'"),
        field('kind', ['String'], true, 'Type of the button, must be web_app'),
      ],
    }),
    ChatMemberLeft: type('ChatMemberLeft', {
      fields: [
        field('status', ['String'], true, "The member's status in the chat, always 'left'"),
        field('scores', ['Array of Array of Integer', 'Float'], false),
        field('kind', ['String'], false, "Currently, can be 'mention' (@username) or 'url' (a link)"),
      ],
    }),
    InputMediaPhoto: type('InputMediaPhoto', { fields: [field('media', ['InputFile', 'String'], true)] }),
    InputFile: type('InputFile', { fields: [] }),
  },
};

describe('the generator of the Bot API types', () => {
  it('writes the types an answer can hold, in the order of the documentation', () => {
    expect(answerTypes(API)).toEqual([
      'Message',
      'MaybeInaccessibleMessage',
      'InaccessibleMessage',
      'Chat',
      'PhotoSize',
      'ForumTopicClosed',
      'ChatMember',
      'ChatMemberOwner',
      'ChatMemberLeft',
    ]);
  });

  it("types fields by the Bot API's types, required flags and discriminants", async () => {
    const source = await botApiTypesSource(API, 'The licence.', OUTPUT);
    expect(source).toContain('@generated');
    expect(source).toContain(' * The licence.');
    expect(source).toContain('export interface Message {');
    expect(source).toContain('  message_id: number;');
    expect(source).toContain('  text?: string;');
    expect(source).toContain('  photo?: PhotoSize[];');
    expect(source).toContain('  pinned_message?: MaybeInaccessibleMessage;');
    expect(source).toContain('export type MaybeInaccessibleMessage = Message | InaccessibleMessage;');
    expect(source).toContain('  date: 0;');
    expect(source).toContain("  type: 'private' | 'group' | 'channel';");
    expect(source).toContain('  is_forum?: true;');
    expect(source).toContain('export type ForumTopicClosed = Record<string, never>;');
    expect(source).toContain("  status: 'creator';");
    expect(source).toContain("  kind: 'web_app';");
    expect(source).toContain("  status: 'left';");
    expect(source).toContain('  scores?: number[][] | number;');
    // A list with notes between its words may grow: it stays a string.
    expect(source).toContain('  kind?: string;');
    expect(source).not.toContain('InputFile');
  });

  it("types each method's result, a Boolean as `true` (ADR 0085)", async () => {
    const source = await botApiTypesSource(
      {
        ...API,
        methods: {
          ...API.methods,
          pinChatMessage: { returns: ['Boolean'] },
          setGameScore: { returns: ['Message', 'Boolean'] },
          getUpdates: { returns: ['Array of Update'] },
        },
      },
      'The licence.',
      OUTPUT,
    );
    expect(source).toContain('export interface MethodResults {');
    expect(source).toContain('  sendMessage: Message;');
    expect(source).toContain('  getChatMember: ChatMember;');
    expect(source).toContain('  pinChatMessage: true;');
    expect(source).toContain('  setGameScore: Message | true;');
    expect(source).toContain('  getUpdates: Update[];');
  });

  const reference = process.env.PARLEY_BOT_API_JSON;
  it.skipIf(!reference || !existsSync(reference))(
    'wrote src/wire/bot-api-types.ts from the reference (PARLEY_BOT_API_JSON)',
    async () => {
      const api = JSON.parse(readFileSync(reference!, 'utf8')) as BotApiJson;
      const license = readFileSync(reference!.replace(/\.json$/, '.LICENSE'), 'utf8');
      // On a difference: run `npm run generate:bot-api-types -- PATH/bot-api-10.2.json` and commit.
      expect(readFileSync(OUTPUT, 'utf8')).toBe(await botApiTypesSource(api, license, OUTPUT));
    },
  );
});
