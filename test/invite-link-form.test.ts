/**
 * Invite links in the reference's form (ADR 0074): `https://t.me/+HASH` by default, `<public-url>/+HASH`
 * with --public-url; a person joins by a link in either form, by the form Parley showed before
 * (`https://parley.invalid/+HASH`, the key links are stored under), and by a public chat's
 * `https://t.me/NAME`, through the control API, the CLI and the web client's person API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli/run-cli.js';
import { ADMIN_TOKEN, phone, startServer, type TestServer } from './helpers/in-process.js';
import { groupKit } from './helpers/groups.js';

const RIGHTS = { can_invite_users: true };
const HASH = '[A-Za-z0-9_-]{16}';

let plain: TestServer;
let hosted: TestServer;
beforeAll(async () => {
  [plain, hosted] = await Promise.all([
    startServer(),
    startServer({ publicUrl: 'https://chat.example.org/parley/' }),
  ]);
});
afterAll(async () => {
  await Promise.all([plain.close(), hosted.close()]);
});

/** A supergroup with an administrator bot that may invite, and a second person to join. */
async function setUp(server: TestServer, username?: string) {
  const { person, bot } = groupKit(() => server);
  const owner = await person('Owner');
  const admin = await bot('links');
  const chat = await server.control.createChat({
    owner: owner.id,
    title: 'Linked',
    type: 'supergroup',
    ...(username ? { username } : {}),
  });
  await server.control.promoteChatMember({
    by: owner.id,
    chat: chat.id,
    user: admin.record.id,
    rights: RIGHTS,
  });
  return { chat, admin, person };
}

describe('invite links as bots see them', () => {
  it("are the reference's https://t.me/+HASH, and open in that, the old and the short forms", async () => {
    const { chat, admin, person } = await setUp(plain);
    const link = await admin.api.createChatInviteLink(chat.id, { name: 'one' });
    expect(link.invite_link).toMatch(new RegExp(`^https://t\\.me/\\+${HASH}$`));
    const primary = await admin.api.exportChatInviteLink(chat.id);
    expect(primary).toMatch(new RegExp(`^https://t\\.me/\\+${HASH}$`));
    expect((await admin.api.getChat(chat.id)).invite_link).toBe(primary);
    const hash = link.invite_link.slice('https://t.me/+'.length);
    for (const form of [link.invite_link, `https://parley.invalid/+${hash}`, `+${hash}`]) {
      const joiner = await person('Joiner');
      expect(await plain.control.joinChat({ user: joiner.id, invite_link: form })).toMatchObject({
        status: 'member',
      });
    }
    // Editing and revoking take the link as it was shown.
    const edited = await admin.api.editChatInviteLink(chat.id, link.invite_link, { name: 'two' });
    expect(edited).toMatchObject({ invite_link: link.invite_link, name: 'two' });
    expect(await admin.api.revokeChatInviteLink(chat.id, link.invite_link)).toMatchObject({
      invite_link: link.invite_link,
      is_revoked: true,
    });
  });

  it('opens a public chat by its https://t.me/NAME link', async () => {
    const name = `pub${Date.now() % 1_000_000}`;
    const { chat, person } = await setUp(plain, name);
    const joiner = await person('Reader');
    const joined = await plain.control.joinChat({ user: joiner.id, invite_link: `https://t.me/${name}` });
    expect(joined).toMatchObject({ status: 'member', chat: { id: chat.id } });
  });

  it('are <public-url>/+HASH under --public-url, and open in the t.me form too', async () => {
    const { chat, admin, person } = await setUp(hosted);
    const link = await admin.api.createChatInviteLink(chat.id, { creates_join_request: true });
    expect(link.invite_link).toMatch(new RegExp(`^https://chat\\.example\\.org/parley/\\+${HASH}$`));
    await admin.updates(['chat_join_request']);
    const hash = link.invite_link.slice(link.invite_link.lastIndexOf('+') + 1);
    const asker = await person('Asker');
    expect(
      await hosted.control.joinChat({ user: asker.id, invite_link: `https://t.me/+${hash}` }),
    ).toMatchObject({ status: 'requested' });
    const [update] = await admin.updates();
    expect(update?.chat_join_request).toMatchObject({ invite_link: { invite_link: link.invite_link } });
    expect(await admin.api.exportChatInviteLink(chat.id)).toMatch(
      /^https:\/\/chat\.example\.org\/parley\/\+/,
    );
    // Opened in a browser, `<server>/+HASH` goes to the web client's Join by link, filled with it.
    const opened = await fetch(`${hosted.url}/+${hash}`, { redirect: 'manual' });
    expect({ status: opened.status, location: opened.headers.get('location') }).toEqual({
      status: 302,
      location: `/web/?join=${encodeURIComponent(`+${hash}`)}`,
    });
  });
});

describe('joining by link from the CLI and the web client', () => {
  it('parley group join --link and POST /web/api/join take the t.me forms', async () => {
    const name = `club${Date.now() % 1_000_000}`;
    const { chat, admin } = await setUp(plain, name);
    const guest = phone();
    await plain.control.createUser({ phone_number: guest, first_name: 'Guest' });
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(
      ['group', 'join', '--user', guest, '--link', `https://t.me/${name}`, '--json'],
      {
        env: { PARLEY_URL: plain.url, PARLEY_ADMIN_TOKEN: ADMIN_TOKEN },
        cwd: process.cwd(),
        stdout: (line) => out.push(line),
        stderr: (line) => err.push(line),
      },
    );
    expect(err.join('\n')).toBe('');
    expect(code).toBe(0);
    expect(JSON.parse(out.join('\n'))).toMatchObject({ status: 'member', chat: { id: chat.id } });

    const link = (await admin.api.createChatInviteLink(chat.id)).invite_link;
    for (const form of [link, `https://t.me/${name}`]) {
      const signIn = await fetch(`${plain.url}/web/api/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone_number: phone(), first_name: 'Web' }),
      });
      const { token } = ((await signIn.json()) as { result: { token: string } }).result;
      const joined = await fetch(`${plain.url}/web/api/join`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ link: form }),
      });
      expect(await joined.json()).toMatchObject({
        ok: true,
        result: { status: 'member', chat: { id: chat.id } },
      });
    }
  });
});
