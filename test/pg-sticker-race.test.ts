/**
 * A sticker set's positions stay 0..n-1 when a bot adds two stickers at once through two nodes whose
 * writes run at snapshot isolation (REPEATABLE READ, ADR 0129): each add puts its sticker at the
 * end the other also counts, so sticker-sets.ts guards every change that decides on a set's
 * stickers (ports/settings.ts `guardWrite`); the second add runs again after the first and goes
 * after it. Without the guard both take the same position. Skipped without a PostgreSQL server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailable } from '../src/storage/contracts/postgres.js';
import type { FileRow } from '../src/storage/ports/files.js';
import type { UserRow } from '../src/storage/store.js';
import { openSnapshotNodes, type SnapshotNodes } from './helpers/snapshot-race.js';

describe.skipIf(!postgresAvailable)('two stickers added to one set on two nodes at once', () => {
  let nodes: SnapshotNodes;
  let bot: UserRow;
  let owner = 0;
  const files: FileRow[] = [];
  const name = 'raced_by_sticker_race_bot';
  const sticker = (file: FileRow) => ({
    file,
    format: 'static' as const,
    emoji_list: ['🙂'],
    keywords: [],
    mask_position: null,
  });

  beforeAll(async () => {
    nodes = await openSnapshotNodes();
    const [one] = nodes.platforms;
    owner = (await one.users.createUser({ phone_number: '+15558895000', first_name: 'S' })).id;
    bot = (await one.users.createBot({ username: 'sticker_race_bot' })).user;
    for (let i = 0; i < 3; i++) {
      const row = {
        unique_id: `sticker-race-${i}`,
        kind: 'sticker',
        size: 100,
        mime_type: 'image/webp',
        file_name: null,
        storage_path: `stickers/race-${i}.webp`,
        width: 512,
        height: 512,
        sha256: String(i).repeat(64),
        created_at: 1,
      };
      files.push({ pk: await nodes.stores[0].write((tx) => tx.insertFile(row)), ...row });
    }
    await one.stickers.sets.create(bot, {
      ownerId: owner,
      name,
      title: 'Raced',
      type: 'regular',
      needsRepainting: false,
      stickers: [sticker(files[0]!)],
    });
  });

  afterAll(async () => {
    await nodes?.close();
  });

  it('numbers the two stickers after each other', async () => {
    const [a, b] = await nodes.race(
      (one) => one.stickers.sets.add(bot, owner, name, sticker(files[1]!)),
      (two) => two.stickers.sets.add(bot, owner, name, sticker(files[2]!)),
    );
    expect([a.status, b.status]).toEqual(['fulfilled', 'fulfilled']);
    const set = (await nodes.stores[0].getStickerSetByName(name.toLowerCase()))!;
    const stored = await nodes.stores[0].listStickers(set.pk);
    expect(stored.map((s) => [s.file_pk, s.position])).toEqual([
      [files[0]!.pk, 0],
      [files[1]!.pk, 1],
      [files[2]!.pk, 2],
    ]);
    expect(nodes.stores[1].reruns).not.toEqual({});
  });
});
