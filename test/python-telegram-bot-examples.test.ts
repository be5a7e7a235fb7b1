/**
 * Bots of our own written with python-telegram-bot 13 (Debian's python3-python-telegram-bot) in the
 * manner of the library's well-known examples (test/python/*_bot.py), driven end to end: people
 * send, press buttons, vote and join through the control API, and the tests check what those people
 * see. Some bots take updates by long polling, others by webhook. A bot that prints a Python
 * traceback fails its test: python-telegram-bot catches a handler's error and goes on, so the
 * traceback is often the only trace of a Bot API answer the library could not read (as with the
 * text_mention that once carried only `{id}`). Skipped like python-telegram-bot.test.ts.
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { callBotApi, phone, startServer, userAndBot, type TestServer } from './helpers/in-process.js';
import {
  describeWithPtb,
  expectNoTraceback,
  freePort,
  startPythonBot,
  type PythonBot,
} from './helpers/python-bot.js';
import { waitFor } from './helpers/wait-for.js';
import type { ChatRef, Message, Poll, UserRecord } from '../src/testkit/index.js';

/** Seconds a person waits for a bot's message. */
const WAIT_SECONDS = 10;

describeWithPtb('python-telegram-bot 13 example bots', () => {
  let server: TestServer;
  let bot: PythonBot | undefined;
  beforeAll(async () => {
    server = await startServer();
  });
  afterEach(async () => {
    if (!bot) return;
    const stopping = bot;
    bot = undefined;
    // Stopping first: a traceback printed late (after the last assertion) still counts.
    await stopping.stop();
    expectNoTraceback(stopping);
  });
  afterAll(async () => {
    await server.close();
  });

  async function launch(script: string, token: string, transport: 'polling' | 'webhook') {
    const env: Record<string, string> = { PARLEY_URL: server.url, BOT_TOKEN: token };
    if (transport === 'webhook') env.WEBHOOK_PORT = String(await freePort());
    bot = await startPythonBot(script, { env });
    const { body } = await callBotApi(server, token, 'getWebhookInfo');
    const url = transport === 'webhook' ? `http://127.0.0.1:${env.WEBHOOK_PORT}/hook` : '';
    expect(body.result).toMatchObject({ url });
    return body.result as { allowed_updates?: string[] };
  }

  /** A person in a chat with a bot: what they send, and the bot's messages as they see them. */
  function personIn(person: UserRecord, chat: ChatRef, botId: number) {
    const user = person.phone_number;
    return {
      send: (text: string) => server.control.sendMessage({ from: user, chat, text }),
      /** The next message from the bot (service messages of other people are passed over). */
      async next(): Promise<Message> {
        for (;;) {
          const message = await server.control.waitForMessage({ user, chat, timeout: WAIT_SECONDS });
          if (message.from?.id === botId) return message;
        }
      },
      async say(text: string): Promise<Message> {
        await this.send(text);
        return this.next();
      },
      /** Waits until the message `id` as the person sees it meets `check` (edits come after answers). */
      seen(id: number, check: (message: Message) => boolean, what: string): Promise<Message> {
        return waitFor(
          async () => {
            const messages = await server.control.listMessages({ user, chat, limit: 20 });
            const message = messages.find((m) => m.message_id === id);
            return message && check(message) && message;
          },
          { what },
        );
      },
      press: (message_id: number, button: string) =>
        server.control.pressButton({ user, chat, message_id, button, timeout: WAIT_SECONDS }),
      vote: (message_id: number, option_ids: number[]) =>
        server.control.votePoll({ user, chat, message_id, option_ids }),
    };
  }

  /** A text_mention entity as the reference renders it: the whole User, first_name included. */
  const mention = (person: UserRecord, offset: number) => ({
    type: 'text_mention',
    offset,
    length: person.first_name.length,
    user: { id: person.id, is_bot: false, first_name: person.first_name },
  });
  const buttons = (message: Message) =>
    message.reply_markup?.inline_keyboard?.map((row) => row.map((b) => b.text));
  const pollOf = (message: Message) => message.poll as Poll;

  it('echo bot (long polling): greets with a text_mention carrying the whole User, then echoes', async () => {
    const { user, bot: record, token } = await userAndBot(server, 'ptbecho');
    await launch('echo_bot.py', token, 'polling');
    const alice = personIn(user, `@${record.username}`, record.id);

    const greeting = await alice.say('/start');
    expect(greeting.text).toBe('Hi Alice!');
    expect(greeting.entities).toEqual([mention(user, 3)]);
    // The bot read sendMessage's answer (the library parses the mention's User): its next message
    // replies to the greeting and names the first_name it read there.
    expect(await alice.next()).toMatchObject({
      text: 'Send me anything, Alice, and I will echo it.',
      reply_to_message: { message_id: greeting.message_id },
    });
    expect((await alice.say('hello there')).text).toBe('hello there');
    expect((await alice.say('/help')).text).toBe('I repeat what you write.');
  });

  it('inline keyboard bot (webhook): a press is answered and the message edited in place', async () => {
    const { user, bot: record, token } = await userAndBot(server, 'ptbkeys');
    await launch('inline_keyboard_bot.py', token, 'webhook');
    const alice = personIn(user, `@${record.username}`, record.id);

    const menu = await alice.say('/start');
    expect(menu.text).toBe('Pick a fruit:');
    expect(buttons(menu)).toEqual([['Apple', 'Banana', 'Cherry']]);

    expect(await alice.press(menu.message_id, 'Banana')).toMatchObject({
      answered: true,
      text: 'You picked Banana',
    });
    const picked = await alice.seen(menu.message_id, (m) => m.text === 'Banana it is.', 'the choice edit');
    expect(picked.edit_date).toEqual(expect.any(Number));
    expect(buttons(picked)).toEqual([['Start over']]);

    const back = await alice.press(menu.message_id, 'Start over');
    expect(back.answered).toBe(true);
    expect(back.text).toBeUndefined();
    const again = await alice.seen(menu.message_id, (m) => m.text === 'Pick a fruit:', 'the menu again');
    expect(buttons(again)).toEqual([['Apple', 'Banana', 'Cherry']]);
    expect(await alice.press(menu.message_id, 'Cherry')).toMatchObject({ text: 'You picked Cherry' });
    await alice.seen(menu.message_id, (m) => m.text === 'Cherry it is.', 'the second choice edit');

    // Edits, not new messages: the chat holds /start and the menu only.
    const all = await server.control.listMessages({ user: user.phone_number, chat: `@${record.username}` });
    expect(all.map((m) => m.text)).toEqual(['/start', 'Cherry it is.']);
  });

  it('poll bot (long polling): a vote is answered with a mention of the voter; a quiz closes on its poll update', async () => {
    const { user, bot: record, token } = await userAndBot(server, 'ptbpoll');
    await launch('poll_bot.py', token, 'polling');
    const alice = personIn(user, `@${record.username}`, record.id);

    const asked = await alice.say('/poll');
    expect(pollOf(asked)).toMatchObject({
      question: 'How are you today?',
      is_anonymous: false,
      allows_multiple_answers: true,
      is_closed: false,
    });
    await alice.vote(asked.message_id, [0, 2]);
    const answer = await alice.next();
    expect(answer.text).toBe('Alice feels Fine and Curious!');
    expect(answer.entities).toEqual([mention(user, 0)]);
    // One voter is enough for this bot: it stops the poll.
    const closed = await alice.seen(asked.message_id, (m) => pollOf(m).is_closed, 'the poll to close');
    expect(pollOf(closed).options.map((o) => [o.text, o.voter_count])).toEqual([
      ['Fine', 1],
      ['Tired', 0],
      ['Curious', 1],
    ]);

    const quiz = await alice.say('/quiz');
    expect(pollOf(quiz)).toMatchObject({ type: 'quiz', is_anonymous: true, is_closed: false });
    await alice.vote(quiz.message_id, [1]);
    expect((await alice.next()).text).toBe('Quiz closed: 1 of 1 knew it was Jupiter.');
    await alice.seen(quiz.message_id, (m) => pollOf(m).is_closed, 'the quiz to close');
  });

  it('chat member bot (webhook, allowed_updates): hello when added, welcomes and farewells with mentions', async () => {
    const { user, bot: record, token } = await userAndBot(server, 'ptbmembers');
    const bob = await server.control.createUser({ phone_number: phone(), first_name: 'Bob' });
    const webhook = await launch('chat_member_bot.py', token, 'webhook');
    expect(webhook.allowed_updates).toEqual(expect.arrayContaining(['chat_member', 'my_chat_member']));

    const group = await server.control.createChat({
      owner: user.id,
      title: 'Book club',
      type: 'supergroup',
      members: [record.id],
    });
    const alice = personIn(user, group.id, record.id);
    const hello = await alice.next();
    expect(hello.text).toBe(
      'Hello! Alice added me to Book club. Make me an administrator and I will greet newcomers.',
    );
    expect(hello.entities).toEqual([mention(user, 7)]);

    // chat_member goes to administrators only.
    await server.control.promoteChatMember({
      by: user.id,
      chat: group.id,
      user: record.id,
      rights: { can_invite_users: true, can_restrict_members: true },
    });
    expect((await alice.next()).text).toBe('Thank you, Alice: I will greet newcomers.');

    await server.control.addChatMember({ by: user.id, chat: group.id, user: bob.id });
    const welcome = await alice.next();
    expect(welcome.text).toBe('Bob was added by Alice. Welcome!');
    expect(welcome.entities).toEqual([mention(bob, 0), mention(user, 17)]);
    // Bob sees it too, mentions and all.
    const seenByBob = await personIn(bob, group.id, record.id).seen(
      welcome.message_id,
      () => true,
      "the welcome in Bob's view",
    );
    expect(seenByBob).toMatchObject({ text: welcome.text, entities: welcome.entities });

    expect((await alice.say('/groups')).text).toBe('I am in: Book club');
    await server.control.leaveChat({ user: bob.id, chat: group.id });
    const farewell = await alice.next();
    expect(farewell.text).toBe('Bob is no longer with us.');
    expect(farewell.entities).toEqual([mention(bob, 0)]);
  });

  it('reply keyboard conversation (long polling): asks again until an answer from the keyboard', async () => {
    const { user, bot: record, token } = await userAndBot(server, 'ptborder');
    await launch('order_bot.py', token, 'polling');
    const alice = personIn(user, `@${record.username}`, record.id);

    // The control API does not show a person the reply keyboard a message brings (Parley keeps it
    // out of the rendered Message), so only the texts are checked; pressing a reply-keyboard button
    // is sending its text.
    expect((await alice.say('/start')).text).toBe('Tea or coffee?');
    expect((await alice.say('Juice')).text).toBe('Please answer with the keyboard.');
    expect((await alice.say('Coffee')).text).toBe('With milk?');
    expect((await alice.say('Yes')).text).toBe('One coffee with milk, coming up.');
    expect((await alice.say('/start')).text).toBe('Tea or coffee?');
    expect((await alice.say('/cancel')).text).toBe('Order cancelled.');
  });
});
