/**
 * Checklists end to end with grammY (ADR 0048): a bot connected to a business account sends a
 * checklist to a customer on the account's behalf (sendChecklist, business_connection_id required
 * as the spec has it); the customer marks tasks done and adds tasks through the control API, which
 * changes the checklist and posts checklist_tasks_done / checklist_tasks_added (the bot gets them as
 * business_message with checklist_message); the bot edits the checklist (editMessageChecklist),
 * keeping what is done. Refused calls change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/in-process.js';
import { failure, first, groupKit, kinds } from './helpers/groups.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const { person, bot } = groupKit(() => server);
const control = () => server.control;

/** A business account with a bot connected (can_reply), and a customer who wrote to it. */
async function scene() {
  const owner = await person('Shop');
  const customer = await person('Carla');
  const helper = await bot('lists');
  const connection = await control().connectBusinessBot({
    user: owner.id,
    bot: helper.record.id,
    can_reply: true,
  });
  await control().sendMessage({ from: customer.id, chat: owner.id, text: 'What do I bring?' });
  await helper.updates();
  return { owner, customer, helper, connection };
}

const CHECKLIST = {
  title: 'Packing <b>list</b>',
  parse_mode: 'HTML' as const,
  tasks: [
    { id: 1, text: 'Tent' },
    { id: 2, text: 'Stove' },
    { id: 5, text: '<i>Map</i> https://example.com', parse_mode: 'HTML' as const },
  ],
  others_can_mark_tasks_as_done: true,
  others_can_add_tasks: true,
};

describe('checklists', () => {
  it('are sent on behalf of a business account, completed by the customer, and edited by the bot', async () => {
    const { owner, customer, helper, connection } = await scene();
    const sent = await helper.api.sendChecklist(connection.id, customer.id, CHECKLIST);
    expect(sent).toMatchObject({
      business_connection_id: connection.id,
      from: { id: owner.id },
      chat: { id: customer.id, type: 'private' },
      sender_business_bot: { id: helper.record.id },
      checklist: {
        title: 'Packing list',
        title_entities: [{ type: 'bold', offset: 8, length: 4 }],
        tasks: [
          { id: 1, text: 'Tent' },
          { id: 2, text: 'Stove' },
          // Only the entities a checklist allows are kept (no url).
          {
            id: 5,
            text: 'Map https://example.com',
            text_entities: [{ type: 'italic', offset: 0, length: 3 }],
          },
        ],
        others_can_add_tasks: true,
        others_can_mark_tasks_as_done: true,
      },
    });

    // The customer sees it from the account and marks two tasks done.
    const [seen] = await control().listMessages({ user: customer.id, chat: owner.id, limit: 1 });
    expect(seen).toMatchObject({ message_id: sent.message_id, from: { id: owner.id } });
    const service = await control().markChecklistTasks({
      user: customer.id,
      chat: owner.id,
      message_id: sent.message_id,
      done: [1, 5],
    });
    expect(service).toMatchObject({
      from: { id: customer.id },
      checklist_tasks_done: {
        checklist_message: { message_id: sent.message_id, checklist: { title: 'Packing list' } },
        marked_as_done_task_ids: [1, 5],
      },
    });
    const updates = await helper.updates();
    expect(kinds(updates)).toEqual(['business_message']);
    const done = first(updates, 'business_message') as {
      checklist_tasks_done: { checklist_message: { checklist: { tasks: Array<Record<string, unknown>> } } };
    };
    expect(done).toMatchObject({ business_connection_id: connection.id, from: { id: customer.id } });
    const tasks = done.checklist_tasks_done.checklist_message.checklist.tasks;
    expect(tasks[0]).toMatchObject({ id: 1, completed_by_user: { id: customer.id } });
    // Marked in the write that posts the service message (the clock may tick a second in between).
    expect(service.date - (tasks[0]!.completion_date as number)).toBeGreaterThanOrEqual(0);
    expect(service.date - (tasks[0]!.completion_date as number)).toBeLessThanOrEqual(1);
    expect(tasks[1]).not.toHaveProperty('completed_by_user');
    expect(tasks[2]).toMatchObject({ id: 5, completed_by_user: { id: customer.id } });

    // Not done again, and a task added.
    await control().markChecklistTasks({
      user: customer.id,
      chat: owner.id,
      message_id: sent.message_id,
      not_done: [5],
    });
    const added = await control().addChecklistTasks({
      user: customer.id,
      chat: owner.id,
      message_id: sent.message_id,
      tasks: ['Matches'],
    });
    expect(added).toMatchObject({
      checklist_tasks_added: {
        tasks: [{ id: 6, text: 'Matches' }],
        checklist_message: { message_id: sent.message_id },
      },
    });
    const more = (await helper.updates()).map((u) => u.business_message as Record<string, unknown>);
    expect(more[0]).toMatchObject({ checklist_tasks_done: { marked_as_not_done_task_ids: [5] } });
    expect(more[1]).toMatchObject({ checklist_tasks_added: { tasks: [{ id: 6, text: 'Matches' }] } });

    // The bot edits it: task 1 stays done, 2 is dropped, 7 is new.
    const edited = await helper.api.editMessageChecklist(connection.id, customer.id, sent.message_id, {
      title: 'Packing list (final)',
      tasks: [
        { id: 1, text: 'Tent' },
        { id: 7, text: 'Torch' },
      ],
    });
    expect(edited).toMatchObject({
      business_connection_id: connection.id,
      message_id: sent.message_id,
      edit_date: expect.any(Number),
      checklist: {
        title: 'Packing list (final)',
        tasks: [
          { id: 1, text: 'Tent', completed_by_user: { id: customer.id } },
          { id: 7, text: 'Torch' },
        ],
      },
    });
    expect(edited.checklist!).not.toHaveProperty('others_can_add_tasks');
    const history = await control().listMessages({ user: customer.id, chat: owner.id, limit: 10 });
    const after = history.find((message) => message.message_id === sent.message_id);
    expect(after).toMatchObject({
      message_id: sent.message_id,
      checklist: { title: 'Packing list (final)' },
    });
    // Now others may not add tasks.
    await expect(
      control().addChecklistTasks({
        user: customer.id,
        chat: owner.id,
        message_id: sent.message_id,
        tasks: ['x'],
      }),
    ).rejects.toMatchObject({ error: 'BAD_REQUEST' });
    // The account's owner, its creator, still may; and marks done.
    await control().markChecklistTasks({
      user: owner.id,
      chat: customer.id,
      message_id: sent.message_id,
      done: [7],
    });
    const [latest] = await control().listMessages({ user: owner.id, chat: customer.id, limit: 1 });
    expect(latest).toMatchObject({ checklist_tasks_done: { marked_as_done_task_ids: [7] } });
  });

  it('are refused with the reference texts, leaving nothing behind', async () => {
    const { owner, customer, helper, connection } = await scene();
    const send = (checklist: unknown) =>
      failure(
        helper.api.raw.sendChecklist({
          business_connection_id: connection.id,
          chat_id: customer.id,
          checklist,
        } as never),
      );
    expect((await send({ title: '', tasks: [{ id: 1, text: 'a' }] })).description).toBe(
      'Bad Request: checklist title must be 1-255 characters long',
    );
    expect((await send({ title: 'T', tasks: [] })).description).toBe(
      'Bad Request: checklist must have 1-30 tasks',
    );
    const many = Array.from({ length: 31 }, (_, i) => ({ id: i + 1, text: 'x' }));
    expect((await send({ title: 'T', tasks: many })).description).toBe(
      'Bad Request: checklist must have 1-30 tasks',
    );
    expect(
      (
        await send({
          title: 'T',
          tasks: [
            { id: 1, text: 'a' },
            { id: 1, text: 'b' },
          ],
        })
      ).description,
    ).toBe('Bad Request: checklist task identifiers must be positive and unique');
    expect((await send({ title: 'T', tasks: [{ id: 0, text: 'a' }] })).description).toBe(
      'Bad Request: checklist task identifiers must be positive and unique',
    );
    expect((await send({ title: 'T', tasks: [{ id: 1, text: 'x'.repeat(101) }] })).description).toBe(
      'Bad Request: checklist task text must be 1-100 characters long',
    );
    expect((await send('nope')).description).toBe("Bad Request: can't parse InputChecklist JSON object");
    // Without a business connection: the spec's sendChecklist is for business accounts only.
    const plain = await failure(
      helper.api.raw.sendChecklist({
        chat_id: customer.id,
        checklist: { title: 'T', tasks: [{ id: 1, text: 'a' }] },
      } as never),
    );
    expect(plain.description).toBe('Bad Request: business connection not found');
    expect((await helper.updates()).length).toBe(0);

    // Others may not mark tasks unless the checklist lets them.
    const sent = await helper.api.sendChecklist(connection.id, customer.id, {
      title: 'Mine',
      tasks: [{ id: 1, text: 'a' }],
    });
    await expect(
      control().markChecklistTasks({
        user: customer.id,
        chat: owner.id,
        message_id: sent.message_id,
        done: [1],
      }),
    ).rejects.toMatchObject({ error: 'BAD_REQUEST' });
    await expect(
      control().markChecklistTasks({
        user: customer.id,
        chat: owner.id,
        message_id: sent.message_id,
        done: [9],
      }),
    ).rejects.toMatchObject({ error: 'BAD_REQUEST' });
    // Editing a message that is not a checklist.
    const text = await helper.api.sendMessage(customer.id, 'hello', {
      business_connection_id: connection.id,
    });
    const notList = await failure(
      helper.api.editMessageChecklist(connection.id, customer.id, text.message_id, {
        title: 'T',
        tasks: [{ id: 1, text: 'a' }],
      }),
    );
    expect(notList.description).toBe('Bad Request: message is not a checklist');
    const [last] = await control().listMessages({ user: customer.id, chat: owner.id, limit: 1 });
    expect(last).toMatchObject({ text: 'hello' });
  });
});
