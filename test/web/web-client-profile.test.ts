/**
 * A person's profile photo and Stars subscriptions in the web client, in a real world.browser (ADR 0090),
 * with a bot written with grammY: the person uploads a profile photo (the bot reads it with
 * getUserProfilePhotos and downloads it; the page shows it) and removes it (the bot sees none);
 * the person cancels a subscription they pay the bot and re-enables it (the bot gets `subscription`
 * updates, `canceled` then `active`).
 */
import { Bot } from 'grammy';
import type { Update } from 'grammy/types';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { phone } from '../helpers/in-process.js';
import { describeWithBrowser, signInPage, browserWorld } from '../helpers/browser.js';
import { png } from '../helpers/media-bytes.js';

describeWithBrowser('profile photo and subscriptions in the web client', () => {
  const world = browserWorld();
  let bot: Bot;
  const updates: Update[] = [];

  beforeAll(async () => {
    const created = await world.server.control.createBot({ username: 'club_web_bot', first_name: 'Club' });
    bot = new Bot(created.token, { client: { apiRoot: world.server.url } });
    bot.on('pre_checkout_query', (ctx) => ctx.answerPreCheckoutQuery(true));
    bot.use((ctx) => {
      updates.push(ctx.update);
    });
    bot.catch(() => undefined);
    await new Promise<void>(
      (resolve) =>
        void bot.start({
          drop_pending_updates: true,
          allowed_updates: ['message', 'pre_checkout_query', 'subscription'],
          onStart: () => resolve(),
        }),
    );
  }, 60_000);

  afterAll(async () => {
    await bot?.stop();
  });

  it('uploads a profile photo that bots see, and removes it', async () => {
    const alice = await world.server.control.createUser({ phone_number: phone(), first_name: 'Alice' });
    const page = await signInPage(
      await world.browser.newContext(),
      world.server.url + '/',
      alice.phone_number!,
    );
    expect((await bot.api.getUserProfilePhotos(alice.id)).total_count).toBe(0);

    await page.getByRole('button', { name: 'Profile' }).click();
    const panel = page.getByRole('region', { name: 'Profile' });
    await expect.poll(() => panel.getByText('No photo.').count(), { timeout: 15_000 }).toBe(1);
    await panel
      .getByLabel('Upload photo')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png(96, 64) });
    const shown = panel.getByRole('img', { name: 'Your profile photo' });
    await expect.poll(() => shown.count(), { timeout: 15_000 }).toBe(1);
    // The image loaded: the world.browser decoded it at its size.
    await expect
      .poll(() => shown.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);

    const photos = await bot.api.getUserProfilePhotos(alice.id);
    expect(photos.total_count).toBe(1);
    const largest = photos.photos[0]!.at(-1)!;
    const file = await bot.api.getFile(largest.file_id);
    const download = await fetch(`${world.server.url}/file/bot${bot.token}/${file.file_path}`);
    expect(download.status).toBe(200);
    expect((await download.arrayBuffer()).byteLength).toBe(file.file_size);

    await panel.getByRole('button', { name: 'Remove photo' }).click();
    await expect.poll(() => shown.count(), { timeout: 15_000 }).toBe(0);
    expect(await panel.getByText('No photo.').count()).toBe(1);
    expect((await bot.api.getUserProfilePhotos(alice.id)).total_count).toBe(0);
    expect(await panel.getByRole('button', { name: 'Remove photo' }).count()).toBe(0);
  });

  it('cancels and re-enables a Stars subscription; the bot gets canceled, then active', async () => {
    const bob = await world.server.control.createUser({ phone_number: phone(), first_name: 'Bob' });
    await world.server.control.grantStars({ user: bob.id, amount: 50 });
    const link = await bot.api.createInvoiceLink(
      'Club',
      'Monthly club',
      'gold',
      '',
      'XTR',
      [{ label: 'Month', amount: 10 }],
      { subscription_period: 2_592_000 },
    );
    expect((await world.server.control.pay({ user: bob.id, link })).status).toBe('paid');

    const page = await signInPage(
      await world.browser.newContext(),
      world.server.url + '/',
      bob.phone_number!,
    );
    await page.getByRole('button', { name: 'Profile' }).click();
    const list = page.getByRole('list', { name: 'Subscriptions' });
    const item = list.getByRole('listitem').filter({ hasText: 'gold' });
    await expect.poll(() => item.count(), { timeout: 15_000 }).toBe(1);
    expect(await item.textContent()).toContain('10 ⭐');
    expect(await item.textContent()).toContain('@club_web_bot');

    const changes = () =>
      updates.flatMap((u) => (u.subscription?.user.id === bob.id ? [u.subscription] : []));
    await item.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect.poll(() => changes().map((c) => c.state), { timeout: 15_000 }).toEqual(['canceled']);
    expect(changes()[0]).toMatchObject({ invoice_payload: 'gold', user: { first_name: 'Bob' } });
    const reEnable = item.getByRole('button', { name: 'Re-enable subscription' });
    await expect.poll(() => reEnable.count(), { timeout: 15_000 }).toBe(1);
    expect(await item.textContent()).toContain('canceled, ends');

    await reEnable.click();
    await expect
      .poll(() => changes().map((c) => c.state), { timeout: 15_000 })
      .toEqual(['canceled', 'active']);
    await expect
      .poll(() => item.getByRole('button', { name: 'Cancel subscription' }).count(), { timeout: 15_000 })
      .toBe(1);
    expect(
      await world.server.control.listSubscriptions({ user: bob.id, bot: '@club_web_bot' }),
    ).toMatchObject([{ state: 'active', canceled_by_user: false }]);
  });
});
