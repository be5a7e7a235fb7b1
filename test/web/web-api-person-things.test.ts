/**
 * The person API's routes for a person's own things (ADR 0090), over HTTP, where the browser tests
 * do not go: what each refuses (and that a refusal changes nothing), who sees what, and the
 * statuses the page shows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InputFile } from 'grammy';
import { phone, startServer, type TestServer } from '../helpers/in-process.js';
import { signedInPerson } from '../helpers/person-api.js';
import { groupKit } from '../helpers/groups.js';
import { png } from '../helpers/media-bytes.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const { bot } = groupKit(() => server);

/** A person signed in to the person API: its calls answer the status and the envelope. */
async function signedIn(first_name: string) {
  return signedInPerson(server, first_name);
}

describe('profile photos in the person API', () => {
  it('keeps the newest as current; removing it makes the one before current; refuses what is not an image', async () => {
    const alice = await signedIn('Alice');
    const bob = await signedIn('Bob');
    expect(await alice.call('POST', '/profile-photos/delete')).toMatchObject({
      status: 400,
      description: 'there is no profile photo to remove',
    });
    expect(await alice.upload('/profile-photos', Buffer.from('not an image'))).toMatchObject({
      status: 400,
      ok: false,
    });
    const first = await alice.upload('/profile-photos', png(40, 40));
    const second = await alice.upload('/profile-photos', png(50, 30));
    expect(first.result).toMatchObject({ total_count: 1 });
    expect(second.result).toMatchObject({ total_count: 2 });
    // Another person sees Alice's current photo, and its bytes.
    const seen = await bob.call('GET', '/profile-photos', { user: String(alice.user.id) });
    expect(seen.result).toEqual(second.result);
    const bytes = await bob.file(`/profile-photos/file?user=${alice.user.id}`);
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get('content-type')).toMatch(/^image\//);
    expect(bytes.headers.get('cache-control')).toBe('no-cache');

    const removed = await alice.call('POST', '/profile-photos/delete');
    expect(removed.result).toEqual(first.result);
    expect((await bob.file(`/profile-photos/file?user=${bob.user.id}`)).status).toBe(404);
    expect(await bob.call('GET', '/profile-photos', { user: '999999999' })).toMatchObject({
      status: 404,
      error: 'USER_NOT_FOUND',
    });
  });
});

describe('communities in the person API', () => {
  it('lists only the chats the person created; refuses a chat of someone else and a second add', async () => {
    const alice = await signedIn('Alice');
    const carol = await signedIn('Carol');
    const mine = await server.control.createChat({ owner: alice.user.id, title: 'Mine', type: 'channel' });
    const theirs = await server.control.createChat({
      owner: carol.user.id,
      title: 'Theirs',
      type: 'supergroup',
      members: [alice.user.id],
    });
    await server.control.createChat({ owner: alice.user.id, title: 'Basic', type: 'group' });
    const created = (await alice.call('POST', '/communities', { name: '  Local   news ' })).result as {
      id: number;
    };
    expect(created).toMatchObject({ name: 'Local news' });
    expect(await alice.call('POST', '/communities', { name: ' ' })).toMatchObject({ status: 400 });

    const listed = (await alice.call('GET', '/communities')).result as {
      communities: { name: string }[];
      chats: { chat: { title: string } }[];
    };
    expect(listed.communities.map((c) => c.name)).toEqual(['Local news']);
    expect(listed.chats.map((c) => c.chat.title)).toEqual(['Mine']);

    expect(
      await alice.call('POST', '/communities/chats', { community: created.id, chat: theirs.id }),
    ).toMatchObject({ status: 403, error: 'CHAT_ADMIN_REQUIRED' });
    expect(
      await carol.call('POST', '/communities/chats', { community: created.id, chat: theirs.id }),
    ).toMatchObject({ status: 403, error: 'COMMUNITY_OWNER_REQUIRED' });
    const added = await alice.call('POST', '/communities/chats', { community: created.id, chat: mine.id });
    expect(added.result).toMatchObject({ chats: [{ id: mine.id, title: 'Mine' }] });
    expect(
      await alice.call('POST', '/communities/chats', { community: created.id, chat: mine.id }),
    ).toMatchObject({
      status: 409,
      error: 'CHAT_ALREADY_IN_COMMUNITY',
    });
    const again = (await alice.call('GET', '/communities')).result as {
      chats: { community?: { name: string } }[];
    };
    expect(again.chats).toEqual([
      expect.objectContaining({ community: { id: created.id, name: 'Local news' } }),
    ]);
    // Someone else's community is no one else's to see.
    expect(
      ((await carol.call('GET', '/communities')).result as { communities: unknown[] }).communities,
    ).toEqual([]);
  });
});

describe('subscriptions and stickers in the person API', () => {
  it('has none to cancel; lists none', async () => {
    const alice = await signedIn('Alice');
    const b = await bot('websub');
    await server.control.sendMessage({ from: alice.user.id, chat: `@${b.record.username}`, text: 'hi' });
    expect(await alice.call('GET', '/subscriptions')).toMatchObject({ status: 200, result: [] });
    expect(await alice.call('POST', '/subscriptions/cancel', { bot: b.record.id })).toMatchObject({
      status: 404,
      error: 'CHARGE_NOT_FOUND',
    });
  });

  it("reads a set with the person's own file_ids; refuses an unknown set and a position past the end", async () => {
    const alice = await signedIn('Alice');
    const b = await bot('webpick');
    const owner = await server.control.createUser({ phone_number: phone(), first_name: 'Olga' });
    const name = `pick_by_${b.record.username}`;
    await b.api.createNewStickerSet(owner.id, name, 'Pick', [
      { sticker: new InputFile(png(512, 512), 'a.png'), format: 'static', emoji_list: ['👍'] },
    ]);
    const theirs = (await b.api.getStickerSet(name)).stickers[0]!;
    const set = (await alice.call('GET', '/sticker-sets', { name })).result as {
      stickers: { file_id: string; file_unique_id: string }[];
    };
    expect(set.stickers[0]!.file_unique_id).toBe(theirs.file_unique_id);
    expect(set.stickers[0]!.file_id).not.toBe(theirs.file_id);
    expect((await alice.file(`/sticker-sets/file?name=${name}&index=0`)).status).toBe(200);
    expect((await alice.file(`/sticker-sets/file?name=${name}&index=1`)).status).toBe(404);
    expect(await alice.call('GET', '/sticker-sets', { name: 'nothing_here' })).toMatchObject({
      status: 400,
      error: 'STICKERSET_INVALID',
    });
    const chat = `@${b.record.username}`;
    expect(await alice.call('POST', '/stickers', { chat, set: name, index: 1 })).toMatchObject({
      status: 400,
      description: 'sticker_index must be 0 to 0: the set has 1 stickers',
    });
    expect(await alice.call('POST', '/stickers', { chat, set: name, index: -1 })).toMatchObject({
      status: 400,
    });
    expect(await b.updates()).toEqual([]);
    const sent = await alice.call('POST', '/stickers', { chat, set: name, index: 0 });
    expect(sent.result).toMatchObject({ sticker: { emoji: '👍', set_name: name } });
    const [update] = await b.updates();
    expect(update!.message).toMatchObject({ sticker: { file_id: theirs.file_id } });
  });
});
