/**
 * An administrator has one primary invite link when their first two exports run at once through two
 * nodes whose writes run at snapshot isolation (REPEATABLE READ, ADR 0129): each finds no primary
 * link to revoke and inserts one, so invite-links.ts guards the export per chat and administrator
 * (ports/settings.ts `guardWrite`); the second runs again after the first, revokes its link and
 * makes its own. Without the guard two primary links stay unrevoked. Skipped without a PostgreSQL
 * server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailable } from '../src/storage/contracts/postgres.js';
import { openSnapshotNodes, type SnapshotNodes } from './helpers/snapshot-race.js';

describe.skipIf(!postgresAvailable)("an administrator's first two link exports on two nodes at once", () => {
  let nodes: SnapshotNodes;
  let owner = '';
  let chat = 0;
  let chatPk = 0;

  beforeAll(async () => {
    nodes = await openSnapshotNodes();
    const [one] = nodes.platforms;
    owner = String((await one.users.createUser({ phone_number: '+15558894000', first_name: 'O' })).id);
    const created = await one.groups.create(owner, { type: 'channel', title: 'Exported', members: [] });
    chat = created.chat.id!;
    chatPk = created.chat.pk;
  });

  afterAll(async () => {
    await nodes?.close();
  });

  it("leaves one primary link unrevoked, the second export's", async () => {
    const [a, b] = await nodes.race(
      (one) => one.groups.inviteLinks.export({ person: owner, chat }),
      (two) => two.groups.inviteLinks.export({ person: owner, chat }),
    );
    expect([a.status, b.status]).toEqual(['fulfilled', 'fulfilled']);
    const primary = (await nodes.stores[0].listInviteLinks(chatPk)).filter(
      (link) => link.is_primary && !link.is_revoked && String(link.creator_id) === owner,
    );
    expect(primary).toHaveLength(1);
    expect((b as PromiseFulfilledResult<string>).value).toContain(primary[0]!.link.split('/').pop()!);
    expect(nodes.stores[1].reruns).not.toEqual({});
  });
});
