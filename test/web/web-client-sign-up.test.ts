/**
 * Signing up in the web client (issue 29, ADR 0098): in the local profile a phone number nobody has
 * goes on to a step that asks for a name and creates the person (no red "no person with this phone
 * number"). The service chat ("Verification Codes") is listed apart from people, under Service, and
 * has no composer: nobody types into it (and the person API refuses a message to it).
 */
import { expect, it } from 'vitest';
import { phone } from '../helpers/in-process.js';
import { setupGateway } from '../helpers/gateway.js';
import { describeWithBrowser, browserWorld } from '../helpers/browser.js';

describeWithBrowser('signing up in the web client', () => {
  const world = browserWorld();

  it('asks a new number for a name and creates the person', async () => {
    const number = phone();
    const page = await world.browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(world.server.url + '/web/');
    await page.getByLabel('Phone number').fill(number);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const step = page.getByRole('form', { name: 'Create your account' });
    await expect.poll(() => step.count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await step.textContent()).toContain(number);

    // Back returns to the phone number; signing in again comes back here.
    await step.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => step.count(), { timeout: 15_000 }).toBe(1);

    await step.getByLabel('First name').fill('Nova');
    await step.getByLabel('Last name (optional)').fill('Lind');
    await step.getByRole('button', { name: 'Sign up' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Sign out' }).count(), { timeout: 15_000 })
      .toBe(1);
    expect(await world.server.control.getUser(number)).toMatchObject({
      first_name: 'Nova',
      last_name: 'Lind',
    });
    await page.close();
  });

  it('lists the service chat apart, without a composer', async () => {
    const gw = await setupGateway(world.server, 100);
    const person = await gw.person('Sol');
    const bot = await world.server.control.createBot({ username: 'plain_web_bot', first_name: 'Plain' });
    await world.server.control.sendMessage({ from: person.id, chat: `@${bot.username}`, text: '/start' });
    const page = await world.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(world.server.url + '/web/');
    await page.getByLabel('Phone number').fill(person.phone_number!);
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect(
      (await gw.call('sendVerificationMessage', { phone_number: person.phone_number, code_length: 6 })).body
        .ok,
    ).toBe(true);

    const codesChat = 489_000;
    const service = page.getByRole('region', { name: 'Service' });
    const codes = service.getByRole('button', { name: /Verification Codes/ });
    await expect.poll(() => codes.count(), { timeout: 15_000 }).toBe(1);
    // Exactly one entry: not among the people's and bots' chats too.
    expect(await page.getByRole('button', { name: /Verification Codes/ }).count()).toBe(1);
    expect(
      await page.getByRole('navigation', { name: 'Chats' }).getByRole('button', { name: /Plain/ }).count(),
    ).toBe(1);

    await codes.click();
    await expect
      .poll(() => page.getByRole('article').filter({ hasText: /\d{6}/ }).count(), { timeout: 15_000 })
      .toBe(1);
    expect(await page.getByLabel('Message').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Send' }).count()).toBe(0);
    expect(await page.getByText('nobody can write in this chat').count()).toBe(1);

    // The person API refuses a message to it all the same, whatever the client.
    const signedIn = (await (
      await fetch(`${world.server.url}/web/api/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone_number: person.phone_number }),
      })
    ).json()) as { result: { token: string } };
    const refused = await fetch(`${world.server.url}/web/api/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${signedIn.result.token}` },
      body: JSON.stringify({ chat: String(codesChat), text: 'hello?' }),
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ ok: false, error: 'CHAT_WRITE_FORBIDDEN' });

    // A chat with a bot has its composer.
    await page.getByRole('button', { name: /Plain/ }).click();
    await expect.poll(() => page.getByLabel('Message').count(), { timeout: 15_000 }).toBe(1);
    await page.close();
  });
});
