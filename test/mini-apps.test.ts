/**
 * Mini Apps over real HTTP with grammY (docs/mini-apps.md, ADR 0047): a person opens a bot's Mini App
 * from its menu button or a message's web_app button and gets launch data that an independent
 * implementation of the reference platform's algorithm accepts (and refuses with a wrong token);
 * the third-party signature checks with Parley's published Ed25519 key. answerWebAppQuery sends a
 * message from the person via the bot; a reply keyboard's app sends web_app_data; prepared inline
 * messages and keyboard buttons are used from the app.
 */
import { createHmac, createPublicKey, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/in-process.js';
import { failure, first, groupKit } from './helpers/groups.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const { person, bot } = groupKit(() => server);
const control = () => server.control;

/**
 * The reference's validation, written here independently of Parley's code: the data-check-string
 * is every field but `hash`, sorted, `key=value` joined by "\n"; the key is
 * HMAC_SHA256(key "WebAppData", message token).
 */
function validHash(initData: string, token: string): boolean {
  const fields = new URLSearchParams(initData);
  const hash = fields.get('hash');
  fields.delete('hash');
  const check = [...fields.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(token).digest();
  return createHmac('sha256', secret).update(check).digest('hex') === hash;
}

/** Third-party validation: Ed25519 over "<bot_id>:WebAppData\n" + the fields but hash and signature. */
function validSignature(initData: string, botId: number, publicKeyHex: string): boolean {
  const fields = new URLSearchParams(initData);
  const signature = fields.get('signature') ?? '';
  fields.delete('hash');
  fields.delete('signature');
  const check = [...fields.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('\n');
  const spki = Buffer.concat([
    Buffer.from('302a300506032b6570032100', 'hex'),
    Buffer.from(publicKeyHex, 'hex'),
  ]);
  const key = createPublicKey({ key: spki, format: 'der', type: 'spki' });
  return verify(null, Buffer.from(`${botId}:WebAppData\n${check}`), key, Buffer.from(signature, 'base64url'));
}

const article = (id: string, text: string, extra: Record<string, unknown> = {}) => ({
  type: 'article' as const,
  id,
  title: text,
  input_message_content: { message_text: text },
  ...extra,
});

describe('Mini Apps', () => {
  it('opens the menu button app with launch data a standard validator accepts; answerWebAppQuery sends once', async () => {
    const alice = await person('Alice');
    const shop = await bot('shop');
    await shop.api.setChatMenuButton({
      menu_button: { type: 'web_app', text: 'Shop', web_app: { url: 'https://shop.example/app' } },
    });
    const opened = await control().openWebApp({ user: alice.id, bot: `@${shop.record.username}` });
    expect(opened).toMatchObject({
      url: 'https://shop.example/app',
      source: 'menu_button',
      button_text: 'Shop',
    });
    expect(opened.launch_url).toMatch(/^https:\/\/shop\.example\/app#tgWebAppData=/);

    const fields = new URLSearchParams(opened.init_data);
    expect(JSON.parse(fields.get('user')!)).toMatchObject({ id: alice.id, first_name: 'Alice' });
    expect(fields.get('query_id')).toBe(opened.query_id);
    const authDate = Number(fields.get('auth_date'));
    expect((await control().getClock()).now - authDate).toBeLessThanOrEqual(1);
    expect(validHash(opened.init_data, shop.token)).toBe(true);
    const other = await bot('other');
    expect(validHash(opened.init_data, other.token)).toBe(false);
    expect(validHash(opened.init_data, `${shop.token}x`)).toBe(false);

    const { algorithm, public_key } = await control().getWebAppKey();
    expect(algorithm).toBe('Ed25519');
    expect(public_key).toMatch(/^[0-9a-f]{64}$/);
    expect(validSignature(opened.init_data, shop.record.id, public_key)).toBe(true);
    expect(validSignature(opened.init_data, other.record.id, public_key)).toBe(false);

    const keyboard = { inline_keyboard: [[{ text: 'Track', url: 'https://shop.example/track' }]] };
    const sent = await shop.api.answerWebAppQuery(
      opened.query_id!,
      article('r1', 'I bought a lamp', { reply_markup: keyboard }),
    );
    expect(sent.inline_message_id).toEqual(expect.any(String));
    const [message] = await control().listMessages({ user: alice.id, chat: `@${shop.record.username}` });
    expect(message).toMatchObject({
      from: { id: alice.id },
      text: 'I bought a lamp',
      via_bot: { id: shop.record.id },
      reply_markup: keyboard,
    });
    const update = first(await shop.updates(), 'message');
    expect(update).toMatchObject({ from: { id: alice.id }, via_bot: { id: shop.record.id } });

    expect(await failure(shop.api.answerWebAppQuery(opened.query_id!, article('r2', 'again')))).toMatchObject(
      {
        code: 400,
        description: 'Bad Request: query is too old and response timeout expired or query ID is invalid',
      },
    );
    expect(await failure(other.api.answerWebAppQuery('AAunknown', article('r3', 'x')))).toMatchObject({
      description: 'Bad Request: query is too old and response timeout expired or query ID is invalid',
    });
    // Without an inline keyboard there is no inline_message_id.
    const again = await control().openWebApp({ user: alice.id, bot: `@${shop.record.username}` });
    expect(await shop.api.answerWebAppQuery(again.query_id!, article('r4', 'Plain'))).toEqual({});
  });

  it('opens an inline button app (chat_type sender) and refuses web_app buttons without HTTPS', async () => {
    const bob = await person('Bob');
    const quiz = await bot('quiz');
    await control().sendMessage({ from: bob.id, chat: `@${quiz.record.username}`, text: '/start' });
    const sent = await quiz.api.sendMessage(bob.id, 'Play?', {
      reply_markup: { inline_keyboard: [[{ text: 'Play', web_app: { url: 'https://quiz.example/' } }]] },
    });
    expect(sent.reply_markup).toEqual({
      inline_keyboard: [[{ text: 'Play', web_app: { url: 'https://quiz.example/' } }]],
    });
    const opened = await control().openWebApp({
      user: bob.id,
      bot: `@${quiz.record.username}`,
      message_id: sent.message_id,
      button: 'Play',
    });
    expect(opened).toMatchObject({ url: 'https://quiz.example/', source: 'inline_button' });
    const fields = new URLSearchParams(opened.init_data);
    expect(fields.get('chat_type')).toBe('sender');
    expect(fields.get('chat_instance')).toMatch(/^-?\d+$/);
    expect(validHash(opened.init_data, quiz.token)).toBe(true);

    await expect(
      control().openWebApp({
        user: bob.id,
        bot: `@${quiz.record.username}`,
        message_id: sent.message_id,
        button: 'No',
      }),
    ).rejects.toMatchObject({ status: 404, error: 'BUTTON_NOT_FOUND' });
    expect(
      await failure(
        quiz.api.sendMessage(bob.id, 'Bad', {
          reply_markup: { inline_keyboard: [[{ text: 'Go', web_app: { url: 'http://quiz.example/' } }]] },
        }),
      ),
    ).toMatchObject({
      description:
        "Bad Request: keyboard button Web App URL 'http://quiz.example/' is invalid: Only HTTPS links are allowed",
    });
    // web_app buttons are for private chats only.
    const group = await control().createChat({
      owner: bob.id,
      title: 'Quiz night',
      type: 'supergroup',
      members: [quiz.record.id],
    });
    expect(
      await failure(
        quiz.api.sendMessage(group.id, 'Play?', {
          reply_markup: { inline_keyboard: [[{ text: 'Play', web_app: { url: 'https://quiz.example/' } }]] },
        }),
      ),
    ).toMatchObject({ description: 'Bad Request: BUTTON_TYPE_INVALID' });
    // A bot without a Mini App in its menu button has none to open.
    await expect(
      control().openWebApp({ user: bob.id, bot: `@${quiz.record.username}` }),
    ).rejects.toMatchObject({
      status: 404,
      error: 'BUTTON_NOT_FOUND',
    });
  });

  it("sends web_app_data from a reply keyboard's app, which opens with empty launch data", async () => {
    const carol = await person('Carol');
    const form = await bot('form');
    await control().sendMessage({ from: carol.id, chat: `@${form.record.username}`, text: 'hi' });
    await form.updates();
    const sent = await form.api.sendMessage(carol.id, 'Fill in the form', {
      reply_markup: {
        keyboard: [[{ text: 'Form', web_app: { url: 'https://form.example/' } }]],
        resize_keyboard: true,
      },
    });
    const opened = await control().openWebApp({
      user: carol.id,
      bot: `@${form.record.username}`,
      message_id: sent.message_id,
      button: 'Form',
    });
    expect(opened).toMatchObject({ source: 'keyboard_button', init_data: '', url: 'https://form.example/' });
    expect(opened).not.toHaveProperty('query_id');

    const message = await control().sendWebAppData({
      user: carol.id,
      bot: `@${form.record.username}`,
      button: 'Form',
      data: '{"size":"L"}',
    });
    expect(message).toMatchObject({
      from: { id: carol.id },
      web_app_data: { data: '{"size":"L"}', button_text: 'Form' },
    });
    const update = first(await form.updates(), 'message');
    expect(update).toMatchObject({
      from: { id: carol.id },
      web_app_data: { data: '{"size":"L"}', button_text: 'Form' },
    });
    await expect(
      control().sendWebAppData({
        user: carol.id,
        bot: `@${form.record.username}`,
        button: 'Other',
        data: 'x',
      }),
    ).rejects.toMatchObject({ status: 404, error: 'BUTTON_NOT_FOUND' });
    // Once the keyboard is removed, its app can send nothing.
    await form.api.sendMessage(carol.id, 'Thanks', { reply_markup: { remove_keyboard: true } });
    await expect(
      control().sendWebAppData({
        user: carol.id,
        bot: `@${form.record.username}`,
        button: 'Form',
        data: 'x',
      }),
    ).rejects.toMatchObject({ status: 404, error: 'BUTTON_NOT_FOUND' });
    expect(await form.updates()).toEqual([]);
  });

  it('saves prepared inline messages that the person shares into the allowed kinds of chat', async () => {
    const dan = await person('Dan');
    const erin = await person('Erin');
    const share = await bot('share');
    const now = (await control().getClock()).now;
    const prepared = await share.api.savePreparedInlineMessage(dan.id, article('p', 'My score: 42'), {
      allow_user_chats: true,
    });
    expect(prepared).toEqual({ id: expect.any(String), expiration_date: expect.any(Number) });
    // A day from now (the virtual clock may tick a second meanwhile).
    expect(prepared.expiration_date - now - 86_400).toBeLessThanOrEqual(1);
    expect(prepared.expiration_date - now - 86_400).toBeGreaterThanOrEqual(0);

    const sent = await control().shareWebAppMessage({
      user: dan.id,
      prepared_message_id: prepared.id,
      chat: erin.id,
    });
    expect(sent.message).toMatchObject({
      from: { id: dan.id },
      text: 'My score: 42',
      via_bot: { id: share.record.id },
    });
    const [seen] = await control().listMessages({ user: erin.id, chat: dan.id });
    expect(seen).toMatchObject({ text: 'My score: 42', via_bot: { id: share.record.id } });

    const group = await control().createChat({
      owner: dan.id,
      title: 'Team',
      type: 'group',
      members: [erin.id],
    });
    await expect(
      control().shareWebAppMessage({ user: dan.id, prepared_message_id: prepared.id, chat: group.id }),
    ).rejects.toMatchObject({ status: 400, error: 'BAD_REQUEST' });
    await expect(
      control().shareWebAppMessage({ user: erin.id, prepared_message_id: prepared.id, chat: dan.id }),
    ).rejects.toMatchObject({ status: 400 });
    await control().advanceClock(86_401);
    await expect(
      control().shareWebAppMessage({ user: dan.id, prepared_message_id: prepared.id, chat: erin.id }),
    ).rejects.toMatchObject({ status: 400 });

    expect(await failure(share.api.savePreparedInlineMessage(999_999_999, article('p', 'x')))).toMatchObject({
      description: 'Bad Request: user not found',
    });
    expect(
      await failure(
        share.api.raw.savePreparedInlineMessage({
          user_id: dan.id,
          result: { type: 'article', id: 'x' } as never,
        }),
      ),
    ).toMatchObject({
      description: 'Bad Request: can\'t parse inline query result: Can\'t find field "message_text"',
    });
  });

  it('saves prepared keyboard buttons whose use shares users with the bot', async () => {
    const fay = await person('Fay');
    const gus = await person('Gus');
    const pick = await bot('pick');
    const button = await pick.api.savePreparedKeyboardButton(fay.id, {
      text: 'Pick friends',
      request_users: { request_id: 7, max_quantity: 2, request_name: true },
    });
    expect(button).toEqual({ id: expect.any(String) });
    const message = await control().useWebAppButton({
      user: fay.id,
      prepared_button_id: button.id,
      users: [gus.id],
    });
    expect(message).toMatchObject({
      from: { id: fay.id },
      users_shared: { request_id: 7, users: [{ user_id: gus.id, first_name: 'Gus' }] },
    });
    expect(first(await pick.updates(), 'message')).toMatchObject({
      users_shared: { request_id: 7, users: [{ user_id: gus.id, first_name: 'Gus' }] },
    });
    expect(
      await failure(
        pick.api.raw.savePreparedKeyboardButton({
          user_id: fay.id,
          button: { text: 'Hi', request_contact: true } as never,
        }),
      ),
    ).toMatchObject({ description: 'Bad Request: BUTTON_TYPE_INVALID' });
  });
});
