/**
 * Rich messages in the web client, in a real world.browser (ADR 0095): a grammY 1.46 bot sends rich
 * messages with its own types (InputRichBlock) and the person sees them drawn as semantic HTML:
 * headings, paragraphs with their marks, code blocks, lists with their labels and checkboxes,
 * quotations (an expandable one), tables with their alignment, details, a map card with its link,
 * media blocks whose files come through the person API's file route, and a draft's thinking block.
 * A block whose text holds `<script>` or `<img onerror>` shows those characters and runs nothing.
 */
import { Bot, InputFile } from 'grammy';
import type { InputRichBlock } from 'grammy/types';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { phone } from '../helpers/in-process.js';
import { describeWithBrowser, signInPage, browserWorld } from '../helpers/browser.js';
import { noise, png } from '../helpers/media-bytes.js';

describeWithBrowser('rich messages in the web client', () => {
  const world = browserWorld();
  let bot: Bot;
  let botUsername: string;

  beforeAll(async () => {
    const created = await world.server.control.createBot({ username: 'rich_web_bot', first_name: 'Richard' });
    botUsername = created.username!;
    bot = new Bot(created.token, { client: { apiRoot: world.server.url } });
  }, 60_000);

  /** A person who started the bot, with the bot's chat open in a signed-in page. */
  async function personWithChat(name: string): Promise<{ id: number; page: Page; files: string[] }> {
    const person = await world.server.control.createUser({ phone_number: phone(), first_name: name });
    await world.server.control.sendMessage({ from: person.id, chat: `@${botUsername}`, text: '/start' });
    const context = await world.browser.newContext();
    const files: string[] = [];
    context.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/web/api/files')) files.push(request.url());
    });
    const page = await signInPage(context, world.server.url + '/', person.phone_number!);
    await page.getByRole('button', { name: /Richard/ }).click();
    await expect
      .poll(() => page.getByRole('article').filter({ hasText: '/start' }).count(), { timeout: 15_000 })
      .toBe(1);
    return { id: person.id, page, files };
  }

  const paragraph = (text: string) => ({ type: 'paragraph' as const, text });

  it('draws the text blocks, lists, quotations, tables, details and a map', async () => {
    const { id, page } = await personWithChat('Alice');
    const blocks: InputRichBlock[] = [
      { type: 'heading', text: 'Quarterly report', size: 1 },
      {
        type: 'paragraph',
        text: [
          'Sales ',
          { type: 'bold', text: 'grew' },
          ', ',
          { type: 'italic', text: 'a lot' },
          ', see ',
          { type: 'url', text: 'the site', url: 'https://example.com/report' },
          ' and H',
          { type: 'subscript', text: '2' },
          'O, x',
          { type: 'superscript', text: '2' },
          ', ',
          { type: 'marked', text: 'marked' },
          ', ',
          { type: 'code', text: 'inline()' },
          '.',
        ],
      },
      { type: 'pre', text: 'const total = 42;', language: 'typescript' },
      {
        type: 'list',
        items: [
          { blocks: [paragraph('shipped')], has_checkbox: true, is_checked: true },
          { blocks: [paragraph('planned')], has_checkbox: true },
        ],
      },
      {
        type: 'list',
        items: [{ blocks: [paragraph('third')], value: 3, type: 'i' }, { blocks: [paragraph('fourth')] }],
      },
      { type: 'blockquote', blocks: [paragraph('Numbers never lie.')], credit: 'The analyst' },
      { type: 'expandable_blockquote', text: 'Line one\nLine two\nLine three\nLine four\nLine five' },
      { type: 'divider' },
      {
        type: 'table',
        cells: [
          [
            { text: 'Region', is_header: true, align: 'left', valign: 'top' },
            { text: 'Total', is_header: true, align: 'right', valign: 'top' },
          ],
          [
            { text: 'North', align: 'left', valign: 'top' },
            { text: '1,200', align: 'right', valign: 'middle' },
          ],
          [{ text: 'Both', align: 'center', valign: 'bottom', colspan: 2 }],
        ],
        is_bordered: true,
        is_compact: true,
        caption: 'Totals',
      },
      { type: 'details', summary: 'Method', blocks: [paragraph('Counted by hand.')] },
      {
        type: 'map',
        location: { latitude: 41.9, longitude: 12.5 },
        zoom: 15,
        width: 600,
        height: 300,
        caption: { text: 'Head office' },
      },
      { type: 'mathematical_expression', expression: 'E = mc^2' },
      { type: 'footer', text: 'Sent by the report bot' },
    ];
    await bot.api.sendRichMessage(id, { blocks });

    const message = page.getByRole('article').filter({ hasText: 'Quarterly report' });
    await expect.poll(() => message.count(), { timeout: 15_000 }).toBe(1);
    expect(await message.getByRole('heading', { name: 'Quarterly report', level: 3 }).count()).toBe(1);
    expect(await message.locator('p strong').textContent()).toBe('grew');
    expect(await message.locator('p em').textContent()).toBe('a lot');
    const link = message.getByRole('link', { name: 'the site' });
    expect(await link.getAttribute('href')).toBe('https://example.com/report');
    expect(await link.getAttribute('rel')).toContain('noopener');
    expect(await message.locator('p sub').textContent()).toBe('2');
    expect(await message.locator('p sup').textContent()).toBe('2');
    expect(await message.locator('p mark').textContent()).toBe('marked');
    expect(await message.locator('p code').textContent()).toBe('inline()');
    expect(await message.locator('pre code.language-typescript').textContent()).toBe('const total = 42;');
    expect(await message.getByText('typescript', { exact: true }).count()).toBe(1);

    // Lists: a checklist (bullets) and a numbered list with the platform's labels.
    const checklist = message.locator('ul.rich-list');
    expect(await checklist.getByRole('checkbox', { name: 'done', exact: true }).isChecked()).toBe(true);
    expect(await checklist.getByRole('checkbox', { name: 'not done' }).isChecked()).toBe(false);
    expect(await checklist.getByRole('checkbox', { name: 'done', exact: true }).isDisabled()).toBe(true);
    const numbered = message.locator('ol.rich-list');
    expect(await numbered.getAttribute('type')).toBe('i');
    expect(await numbered.locator('.rich-label').allTextContents()).toEqual(['iii.', 'iv.']);

    // Quotations, with the credit as <cite>; the expandable one opens on request.
    expect(await message.locator('blockquote').first().textContent()).toBe('Numbers never lie.');
    expect(await message.locator('cite').first().textContent()).toBe('The analyst');
    const more = message.getByRole('button', { name: 'Show more' });
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    await more.click();
    expect(await message.getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(await message.locator('hr').count()).toBe(1);

    // The table: header cells, alignment, a spanning cell, compact and bordered, its caption.
    const table = message.getByRole('table');
    expect(await table.getAttribute('class')).toBe('rich-table bordered compact');
    expect(await table.locator('caption').textContent()).toBe('Totals');
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Region', 'Total']);
    const cellStyle = (text: string) =>
      table.getByRole('cell', { name: text, exact: true }).evaluate((cell) => {
        const style = (
          globalThis as unknown as {
            getComputedStyle(e: unknown): { textAlign: string; verticalAlign: string };
          }
        ).getComputedStyle(cell);
        return [style.textAlign, style.verticalAlign];
      });
    expect(await cellStyle('1,200')).toEqual(['right', 'middle']);
    expect(await cellStyle('Both')).toEqual(['center', 'bottom']);
    expect(await table.getByRole('cell', { name: 'Both' }).getAttribute('colspan')).toBe('2');

    // Details: closed until the person opens it.
    const details = message.locator('details');
    expect(await details.getAttribute('open')).toBeNull();
    expect(await details.getByText('Counted by hand.').isVisible()).toBe(false);
    await details.locator('summary').click();
    expect(await details.getByText('Counted by hand.').isVisible()).toBe(true);

    // The map: a static card that links to the place, with its caption.
    const map = message.getByRole('link', { name: /^Map: 41\.90000° N, 12\.50000° E/ });
    expect(await map.getAttribute('href')).toBe(
      'https://www.openstreetmap.org/?mlat=41.9&mlon=12.5#map=15/41.9/12.5',
    );
    expect(await message.locator('.rich-map figcaption').textContent()).toBe('Head office');
    expect(await message.getByRole('math').getAttribute('aria-label')).toBe('E = mc^2');
    expect(await message.locator('footer.rich-footer').textContent()).toBe('Sent by the report bot');

    // The chat list previews the rich message by its first text.
    expect(await page.locator('.chat-preview').filter({ hasText: 'Quarterly report' }).count()).toBe(1);
    await page.context().close();
  });

  it('downloads media blocks through the web client file route, with their alt text', async () => {
    const { id, page, files } = await personWithChat('Bob');
    const blocks: InputRichBlock[] = [
      paragraph('Media follows'),
      {
        type: 'photo',
        photo: { type: 'photo', media: new InputFile(png(40, 30), 'chart.png') },
        caption: { text: 'Sales chart', credit: 'Finance' },
      },
      {
        type: 'voice_note',
        voice_note: { type: 'voice_note', media: new InputFile(noise(300, 4), 'note.ogg'), duration: 65 },
      },
      {
        type: 'audio',
        audio: { type: 'audio', media: new InputFile(noise(400, 3), 'a.mp3'), title: 'Theme', duration: 7 },
      },
      {
        type: 'video',
        video: {
          type: 'video',
          media: new InputFile(noise(500, 2), 'v.mp4'),
          width: 320,
          height: 240,
          has_spoiler: true,
        },
      },
      {
        type: 'slideshow',
        blocks: [
          {
            type: 'photo',
            photo: { type: 'photo', media: new InputFile(png(12, 10), 'one.png') },
            caption: { text: 'First slide' },
          },
          {
            type: 'photo',
            photo: { type: 'photo', media: new InputFile(png(14, 10), 'two.png') },
            caption: { text: 'Second slide' },
          },
        ],
        caption: { text: 'Slides' },
      },
    ];
    const sent = await bot.api.sendRichMessage(id, { blocks });
    const message = page.getByRole('article').filter({ hasText: 'Media follows' });
    await expect.poll(() => message.count(), { timeout: 15_000 }).toBe(1);

    const photo = message.getByRole('img', { name: 'Sales chart' });
    await expect
      .poll(() => photo.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth), {
        timeout: 15_000,
      })
      .toBe(40);
    expect(await message.locator('.rich-photo figcaption').first().textContent()).toBe('Sales chart Finance');
    const voice = message.locator('audio[aria-label="Voice message, 1:05"]');
    await expect.poll(() => voice.count(), { timeout: 15_000 }).toBe(1);
    expect(await voice.getAttribute('src')).toMatch(/^blob:/);
    await expect
      .poll(() => message.locator('audio[aria-label="Theme"]').count(), { timeout: 15_000 })
      .toBe(1);
    // The video is a spoiler until the person reveals it.
    await message.getByRole('button', { name: 'Show spoiler' }).click();
    await expect.poll(() => message.locator('video[controls]').count(), { timeout: 15_000 }).toBe(1);

    // A slideshow shows one item at a time.
    const slides = message.locator('.rich-slideshow');
    await expect
      .poll(() => slides.getByRole('img', { name: 'First slide' }).count(), { timeout: 15_000 })
      .toBe(1);
    expect(await slides.getByRole('img', { name: 'Second slide' }).count()).toBe(0);
    expect(await slides.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await slides.getByRole('button', { name: 'Next' }).click();
    await expect
      .poll(() => slides.getByRole('img', { name: 'Second slide' }).count(), { timeout: 15_000 })
      .toBe(1);
    expect(await slides.getByText('2 / 2').count()).toBe(1);

    // Each file came through the person API's file route by the person's own file_id.
    const asked = files.map((url) => new URL(url).searchParams.get('file_id'));
    const [bobsView] = (
      await world.server.control.listMessages({ user: String(id), chat: `@${botUsername}`, limit: 1 })
    ).map((m) => m.rich_message as { blocks: { type: string; [k: string]: unknown }[] });
    const photoBlock = bobsView!.blocks[1] as unknown as { photo: { file_id: string }[] };
    expect(asked).toContain(photoBlock.photo.at(-1)!.file_id);
    // The bot's own file_id is not the person's: the page never asks for it.
    const botsPhoto = (sent.rich_message.blocks[1] as { photo: { file_id: string }[] }).photo.at(-1)!;
    expect(asked).not.toContain(botsPhoto.file_id);
    // Nor may the person fetch a file by another viewer's file_id (ADR 0040): it names nothing for them.
    const token = await page.evaluate(() =>
      (globalThis as unknown as { sessionStorage: { getItem(k: string): string } }).sessionStorage.getItem(
        'parley.session',
      ),
    );
    const fetchAs = (fileId: string) =>
      fetch(`${world.server.url}/web/api/files?file_id=${encodeURIComponent(fileId)}`, {
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await fetchAs(botsPhoto.file_id)).status).toBe(404);
    const own = await fetchAs(photoBlock.photo.at(-1)!.file_id);
    expect(own.status).toBe(200);
    expect(Buffer.from(await own.arrayBuffer()).equals(png(40, 30))).toBe(true);
    await page.context().close();
  });

  it('shows a text that holds HTML as text, running nothing', async () => {
    const { id, page } = await personWithChat('Mallory');
    await page.evaluate(() => {
      (globalThis as unknown as { pwned: number }).pwned = 0;
    });
    const script = '<script>globalThis.pwned = 1</script>';
    const image = '<img src=x onerror="globalThis.pwned = 2">';
    await bot.api.sendRichMessage(id, {
      blocks: [
        { type: 'heading', text: `Title ${image}`, size: 2 },
        paragraph(`Hello ${script} and ${image}`),
        {
          type: 'table',
          cells: [[{ text: image, align: 'left', valign: 'top' }]],
        },
        { type: 'details', summary: script, blocks: [paragraph(image)], is_open: true },
        {
          type: 'paragraph',
          text: { type: 'url', text: 'click me', url: 'javascript:window.pwned=3' },
        },
      ],
    });
    const message = page.getByRole('article').filter({ hasText: 'Hello' });
    await expect.poll(() => message.count(), { timeout: 15_000 }).toBe(1);
    expect(await message.locator('p').first().textContent()).toBe(`Hello ${script} and ${image}`);
    expect(await message.getByRole('heading').textContent()).toBe(`Title ${image}`);
    expect(await message.locator('img, script').count()).toBe(0);
    expect(await message.locator('[onerror]').count()).toBe(0);
    expect(await message.getByRole('cell').textContent()).toBe(image);
    expect(await message.locator('summary').textContent()).toBe(script);
    // A link the platform kept as a URL: its scheme is not one the page opens, so it is no link here.
    expect(await message.locator('a[href^="javascript"]').count()).toBe(0);
    expect(await page.evaluate(() => (globalThis as unknown as { pwned: number }).pwned)).toBe(0);
    await page.context().close();
  });

  it("shows a draft's thinking block while the bot streams it, until its message comes", async () => {
    const { id, page } = await personWithChat('Dora');
    await bot.api.sendRichMessageDraft(id, 7, {
      blocks: [{ type: 'thinking', text: 'Looking up the numbers' }, paragraph('Partial answer')],
    });
    const thinking = page.getByRole('status', { name: 'Thinking' });
    await expect.poll(() => thinking.count(), { timeout: 15_000 }).toBe(1);
    expect(await thinking.textContent()).toContain('Looking up the numbers');
    const draft = page.locator('li.draft');
    expect(await draft.getAttribute('aria-busy')).toBe('true');
    expect(await draft.getByText('Partial answer').count()).toBe(1);

    await bot.api.sendRichMessage(id, { blocks: [paragraph('Final answer')] });
    await expect
      .poll(() => page.getByRole('article').filter({ hasText: 'Final answer' }).count(), { timeout: 15_000 })
      .toBe(1);
    await expect.poll(() => page.locator('li.draft').count(), { timeout: 15_000 }).toBe(0);
    await page.context().close();
  });
});
