/**
 * A forum, its topics and which messages are in which topic survive a restart (SQLite data folder):
 * after it, the bot still sends into the topic, a closed topic stays closed, and deleting a topic
 * still deletes the messages it had before the restart. grammY over real HTTP.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Api } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/in-process.js';
import { failure, groupKit } from './helpers/groups.js';

let server: TestServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'parley-forum-'));
  server = await startServer({ data: dataDir });
});
afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const { person, bot } = groupKit(() => server);

describe('forum topics across a restart', () => {
  it('keeps the forum, its topics and their messages', async () => {
    const owner = await person('Rita');
    const admin = await bot('restart');
    const chat = await server.control.createChat({
      owner: owner.id,
      title: 'Kept',
      type: 'supergroup',
      forum: true,
      members: [admin.record.id],
    });
    await server.control.promoteChatMember({
      by: owner.id,
      chat: chat.id,
      user: admin.record.id,
      rights: { can_manage_topics: true, can_delete_messages: true },
    });
    const open = await admin.api.createForumTopic(chat.id, 'Open');
    const closed = await admin.api.createForumTopic(chat.id, 'Closed');
    const before = await admin.api.sendMessage(chat.id, 'before', {
      message_thread_id: open.message_thread_id,
    });
    await admin.api.closeForumTopic(chat.id, closed.message_thread_id);

    await server.close();
    server = await startServer({ data: dataDir });
    const api = new Api(admin.token, { apiRoot: server.url });

    expect((await api.getChat(chat.id)).is_forum).toBe(true);
    const after = await api.sendMessage(chat.id, 'after', { message_thread_id: open.message_thread_id });
    expect(after).toMatchObject({ message_thread_id: open.message_thread_id, is_topic_message: true });
    expect(await failure(api.closeForumTopic(chat.id, closed.message_thread_id))).toMatchObject({
      description: 'Bad Request: TOPIC_NOT_MODIFIED',
    });
    expect(await api.deleteForumTopic(chat.id, open.message_thread_id)).toBe(true);
    const left = (await server.control.listMessages({ user: owner.id, chat: chat.id, limit: 100 })).map(
      (m) => m.message_id,
    );
    expect(left).not.toContain(before.message_id);
    expect(left).not.toContain(after.message_id);
    expect(left).toContain(closed.message_thread_id);
  });
});
