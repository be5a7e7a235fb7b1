/**
 * Verification over real HTTP with grammY (ADR 0044): an operator makes a bot a verifier (control API
 * and `parley bot verifier`); it verifies users, supergroups, channels and bots and removes its
 * verifications; other bots are refused with BOT_VERIFIER_FORBIDDEN and change nothing. The status
 * is read through the control API and `parley verification show`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/in-process.js';
import { failure, groupKit } from './helpers/groups.js';
import { cliRunner } from './helpers/cli-runner.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const { person, bot } = groupKit(() => server);
const control = () => server.control;
const parley = cliRunner(() => server);
const forbidden = { code: 400, description: 'Bad Request: BOT_VERIFIER_FORBIDDEN' };

describe('verification', () => {
  it('a verifier verifies and unverifies a user; another bot is refused and changes nothing', async () => {
    const verifier = await bot('verifier');
    const other = await bot('notverifier');
    const alice = await person('Alice');

    expect(await failure(verifier.api.verifyUser(alice.id))).toMatchObject(forbidden);
    const made = await parley('bot', 'verifier', '--bot', `@${verifier.record.username}`, '--json');
    expect(made.code).toBe(0);
    expect(JSON.parse(made.stdout)).toEqual({
      bot_id: verifier.record.id,
      is_verifier: true,
      can_modify_custom_description: false,
    });

    expect(await failure(other.api.verifyUser(alice.id))).toMatchObject(forbidden);
    expect(await control().getVerification({ user: alice.id })).toEqual({
      target: 'user',
      id: alice.id,
      is_verified: false,
    });

    expect(await verifier.api.verifyUser(alice.id)).toBe(true);
    const status = await control().getVerification({ user: alice.phone_number });
    expect(status).toEqual({
      target: 'user',
      id: alice.id,
      is_verified: true,
      verifier_bot_id: verifier.record.id,
      verified_at: expect.any(Number),
    });
    expect(await failure(other.api.removeUserVerification(alice.id))).toMatchObject(forbidden);
    // Another verifier's removal leaves a verification it did not give.
    await control().setBotVerifier({ bot: other.record.id });
    expect(await other.api.removeUserVerification(alice.id)).toBe(true);
    expect((await control().getVerification({ user: alice.id })).verifier_bot_id).toBe(verifier.record.id);

    const shown = await parley('verification', 'show', '--user', alice.phone_number);
    expect(shown.stdout).toBe(`user ${alice.id} verified by bot ${verifier.record.id}`);

    expect(await verifier.api.removeUserVerification(alice.id)).toBe(true);
    expect((await control().getVerification({ user: alice.id })).is_verified).toBe(false);
    expect(await failure(verifier.api.verifyUser(999_999_999))).toMatchObject({
      description: 'Bad Request: user not found',
    });

    // Turned off, the bot may verify no more.
    const off = await parley('bot', 'verifier', '--bot', String(verifier.record.id), '--off', '--json');
    expect(JSON.parse(off.stdout)).toMatchObject({ is_verifier: false });
    expect(await failure(verifier.api.verifyUser(alice.id))).toMatchObject(forbidden);
  });

  it('custom descriptions only for verifiers allowed them, 0-70 characters', async () => {
    const verifier = await bot('verifier');
    const bob = await person('Bob');
    await control().setBotVerifier({ bot: verifier.record.id });
    const invalid = { description: 'Bad Request: CUSTOM_DESCRIPTION_INVALID' };
    expect(
      await failure(verifier.api.verifyUser(bob.id, { user_id: bob.id, custom_description: 'Staff' })),
    ).toMatchObject(invalid);
    expect((await control().getVerification({ user: bob.id })).is_verified).toBe(false);

    await control().setBotVerifier({ bot: verifier.record.id, can_modify_custom_description: true });
    expect(
      await failure(verifier.api.verifyUser(bob.id, { user_id: bob.id, custom_description: 'x'.repeat(71) })),
    ).toMatchObject(invalid);
    expect(
      await verifier.api.verifyUser(bob.id, { user_id: bob.id, custom_description: 'Staff of Example Corp' }),
    ).toBe(true);
    expect(await control().getVerification({ user: bob.id })).toMatchObject({
      is_verified: true,
      custom_description: 'Staff of Example Corp',
    });
    // Verifying again replaces the description.
    expect(await verifier.api.verifyUser(bob.id)).toBe(true);
    expect(await control().getVerification({ user: bob.id })).not.toHaveProperty('custom_description');
  });

  it('verifies supergroups, channels and bots, not basic groups; removes a chat verification', async () => {
    const verifier = await bot('verifier');
    const someBot = await bot('verified');
    await control().setBotVerifier({ bot: verifier.record.id });
    const owner = await person('Olga');
    const name = `verifiedgroup${Date.now() % 100000}`;
    const supergroup = await control().createChat({
      owner: owner.id,
      title: 'Club',
      type: 'supergroup',
      username: name,
    });
    const channel = await control().createChat({ owner: owner.id, title: 'News', type: 'channel' });
    const group = await control().createChat({ owner: owner.id, title: 'Basic', type: 'group' });

    expect(await verifier.api.verifyChat(`@${name}`)).toBe(true);
    expect(await verifier.api.verifyChat(channel.id)).toBe(true);
    expect(await verifier.api.verifyChat(`@${someBot.record.username}`)).toBe(true);
    expect(await failure(verifier.api.verifyChat(group.id))).toMatchObject({
      description: 'Bad Request: PEER_ID_INVALID',
    });
    expect(await failure(verifier.api.verifyChat(-1_009_999_999_999))).toMatchObject({
      description: 'Bad Request: chat not found',
    });

    expect(await control().getVerification({ chat: `@${name}` })).toMatchObject({
      target: 'chat',
      id: supergroup.id,
      is_verified: true,
      verifier_bot_id: verifier.record.id,
    });
    expect(await control().getVerification({ chat: channel.id })).toMatchObject({ is_verified: true });
    expect(await control().getVerification({ user: someBot.record.id })).toMatchObject({ is_verified: true });

    expect(await verifier.api.removeChatVerification(channel.id)).toBe(true);
    expect(await control().getVerification({ chat: channel.id })).toMatchObject({ is_verified: false });
    expect(await verifier.api.removeChatVerification(`@${someBot.record.username}`)).toBe(true);
    expect(await control().getVerification({ user: someBot.record.id })).toMatchObject({
      is_verified: false,
    });
    expect((await control().getVerification({ chat: supergroup.id })).is_verified).toBe(true);
  });
});
