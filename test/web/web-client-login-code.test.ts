/**
 * The web client in a real world.browser (ADR 0055, addendum): in the strict profile a person signs in by
 * the login code that arrives in the service chat on their other devices. A wrong code is refused
 * in an alert; the right one opens the chats, where the service chat shows the code's message.
 */
import { expect, it } from 'vitest';
import { phone } from '../helpers/in-process.js';
import { describeWithBrowser, screenshotPath, browserWorld } from '../helpers/browser.js';

describeWithBrowser('the web client: signing in by a login code', () => {
  const world = browserWorld({ profile: 'strict' });

  it('asks for the code sent to the other devices, refuses a wrong one and signs in with it', async () => {
    const kim = await world.server.control.createUser({ phone_number: phone(), first_name: 'Kim' });
    const page = await world.browser.newPage();
    await page.goto(world.server.url + '/web/');
    await page.getByLabel('Phone number').fill(kim.phone_number!);
    await page.getByRole('button', { name: 'Sign in' }).click();

    const codeBox = page.getByLabel('Code', { exact: true });
    await expect.poll(() => codeBox.count(), { timeout: 15_000 }).toBe(1);
    // The code arrived in the service chat of Kim's other devices (read through the control API).
    const messages = await world.server.control.listMessages({ user: kim.id, chat: 489000 });
    const code = /^Login code: (\d{5})\./.exec(messages.at(-1)?.text ?? '')![1]!;

    await codeBox.fill(String((Number(code) + 1) % 100_000).padStart(5, '0'));
    await page.getByRole('button', { name: 'Continue' }).click();
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.textContent(), { timeout: 15_000 }).toContain('the code is wrong');
    const shot = screenshotPath('web-client-login-code');
    if (shot) await page.screenshot({ path: shot });

    await codeBox.fill(code);
    await page.getByRole('button', { name: 'Continue' }).click();
    const serviceChat = page.getByRole('button', { name: /Verification Codes/ });
    await expect.poll(() => serviceChat.count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(1);
    await serviceChat.click();
    const message = page.getByRole('article').filter({ hasText: `Login code: ${code}.` });
    await expect.poll(() => message.count(), { timeout: 15_000 }).toBe(1);
    expect((await world.server.control.listDevices(kim.id)).map((d) => d.name)).toEqual([
      'Phone',
      'Web browser',
    ]);
    await page.close();
  });
});
