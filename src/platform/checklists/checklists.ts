/**
 * Checklists (ADR 0048): a bot sends one on behalf of a business account (sendChecklist; the spec
 * has it for business connections only) and edits it (editMessageChecklist); the people of the
 * chat mark tasks as done or not done and add tasks (the control API), which changes the checklist
 * message and posts checklist_tasks_done / checklist_tasks_added from them, with checklist_message
 * (the bot of the business account gets it as business_message). The checklist's creator (the
 * message's sender) may always do both; others only as others_can_mark_tasks_as_done /
 * others_can_add_tasks allow.
 */
import { PlatformError } from '../core/errors.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { MessageContent, WireMessage, WireUser } from '../core/wire-types.js';
import type { MessageEntity } from '../formatting/index.js';
import { codePointLength, detectEntities } from '../formatting/index.js';
import type { Messages } from '../messages/messages.js';
import { usableConnection } from '../business/usable-connection.js';
import type { BusinessRelay } from '../business/business-relay.js';
import { renderUser, type Users } from '../users/users.js';
import type { MessageRow, UserRow } from '../../storage/store.js';
import type { ChatsReader } from '../../storage/ports/chats.js';
import type { MessagesReader } from '../../storage/ports/messages.js';
import type { UsersReader } from '../../storage/ports/users.js';

export const MAX_CHECKLIST_TASKS = 30;
const MAX_TASK_TEXT = 100;

export interface InputChecklistTask {
  id: number;
  text: string;
  text_entities?: MessageEntity[];
}

/** A checklist as the Bot API's InputChecklist, read and formatted (bot-api/checklist-params.ts). */
export interface InputChecklist {
  title: string;
  title_entities?: MessageEntity[];
  tasks: InputChecklistTask[];
  others_can_add_tasks?: true;
  others_can_mark_tasks_as_done?: true;
}

/** ChecklistTask as stored in the message's body (and shown). */
export interface ChecklistTask extends InputChecklistTask {
  completed_by_user?: WireUser;
  completion_date?: number;
}

export interface Checklist extends Omit<InputChecklist, 'tasks'> {
  tasks: ChecklistTask[];
}

/** The message content of a new checklist: no task is done. */
export function checklistContent(input: InputChecklist): MessageContent {
  return { checklist: { ...input, tasks: input.tasks.map((task) => ({ ...task })) } satisfies Checklist };
}

export class Checklists {
  constructor(
    private readonly deps: PlatformDeps,
    private readonly users: Users,
    private readonly messages: Messages,
    /** The bots connected to business accounts, which send and edit checklists (ADR 0049). */
    private readonly business?: BusinessRelay,
  ) {
    // checklist_tasks_done / checklist_tasks_added show their checklist's message.
    messages.addRenderer(async (message, content, { renderLinked }) => {
      const checklistOf = content._checklist_message;
      const field = message.checklist_tasks_done ? 'checklist_tasks_done' : 'checklist_tasks_added';
      if (typeof checklistOf !== 'number' || !message[field]) return;
      const target = await renderLinked(checklistOf);
      if (target)
        message[field] = { checklist_message: target, ...(message[field] as Record<string, unknown>) };
    });
  }

  /** A person marks tasks as done (`done`) or not done (`notDone`); answers the service message. */
  async markTasks(
    userRef: string,
    chatRef: string,
    messageId: number,
    done: number[],
    notDone: number[],
  ): Promise<WireMessage> {
    const user = await this.users.resolve(userRef, 'user');
    if (done.length === 0 && notDone.length === 0)
      throw new PlatformError('BAD_REQUEST', 'give the tasks to mark as done or as not done');
    if (done.some((id) => notDone.includes(id)))
      throw new PlatformError('BAD_REQUEST', 'a task cannot be marked both done and not done');
    const service: Record<string, unknown> = {};
    if (done.length > 0) service.marked_as_done_task_ids = [...new Set(done)];
    if (notDone.length > 0) service.marked_as_not_done_task_ids = [...new Set(notDone)];
    const change = (checklist: Checklist, row: MessageRow, now: number): Checklist => {
      if (row.sender_id !== user.id && !checklist.others_can_mark_tasks_as_done)
        throw new PlatformError('BAD_REQUEST', "the checklist's creator lets no one else mark its tasks");
      const known = new Set(checklist.tasks.map((task) => task.id));
      const unknown = [...done, ...notDone].find((id) => !known.has(id));
      if (unknown !== undefined)
        throw new PlatformError('BAD_REQUEST', `the checklist has no task ${unknown}`);
      const tasks = checklist.tasks.map((task) => {
        if (done.includes(task.id))
          return { ...task, completed_by_user: renderUser(user), completion_date: now };
        if (notDone.includes(task.id)) {
          const { completed_by_user: _by, completion_date: _at, ...open } = task;
          return open;
        }
        return task;
      });
      return { ...checklist, tasks };
    };
    return this.#change(user, chatRef, messageId, { checklist_tasks_done: service }, change);
  }

  /** A person adds tasks (their texts) to a checklist; answers the service message. */
  async addTasks(userRef: string, chatRef: string, messageId: number, texts: string[]): Promise<WireMessage> {
    const user = await this.users.resolve(userRef, 'user');
    if (texts.length === 0) throw new PlatformError('BAD_REQUEST', 'give the tasks to add');
    const added: ChecklistTask[] = [];
    const change = (checklist: Checklist, row: MessageRow): Checklist => {
      if (row.sender_id !== user.id && !checklist.others_can_add_tasks)
        throw new PlatformError('BAD_REQUEST', "the checklist's creator lets no one else add tasks");
      if (checklist.tasks.length + texts.length > MAX_CHECKLIST_TASKS)
        throw new PlatformError('BAD_REQUEST', `a checklist has at most ${MAX_CHECKLIST_TASKS} tasks`);
      let next = Math.max(0, ...checklist.tasks.map((task) => task.id));
      added.length = 0;
      for (const raw of texts) {
        const text = raw.trim();
        if (text === '' || codePointLength(text) > MAX_TASK_TEXT)
          throw new PlatformError('BAD_REQUEST', `a task's text must be 1-${MAX_TASK_TEXT} characters`);
        next += 1;
        const entities = detectEntities(text).filter((entity) => entity.type === 'custom_emoji');
        added.push({ id: next, text, ...(entities.length > 0 ? { text_entities: entities } : {}) });
      }
      return { ...checklist, tasks: [...checklist.tasks, ...added] };
    };
    return this.#change(user, chatRef, messageId, { checklist_tasks_added: { tasks: added } }, change);
  }

  /**
   * The change and its service message in one write: the checklist is read and checked before
   * (for the error), then again in the message's own write, where it is replaced.
   */
  async #change(
    user: UserRow,
    chatRef: string,
    messageId: number,
    service: MessageContent,
    change: (checklist: Checklist, row: MessageRow, now: number) => Checklist,
  ): Promise<WireMessage> {
    const { store, clock } = this.deps;
    const check = async (reader: ChatsReader & MessagesReader & UsersReader) => {
      const chat = await this.messages.chatForUser(reader, user, chatRef, false);
      const row = chat ? await reader.getMessage(chat.pk, messageId) : undefined;
      const body = row ? (JSON.parse(row.body) as MessageContent) : undefined;
      if (!row || !body?.checklist) throw new PlatformError('MESSAGE_NOT_FOUND', `no checklist ${messageId}`);
      return { row, body, next: change(body.checklist as Checklist, row, clock.now()) };
    };
    await check(store);
    return this.messages.deliverFromUser(
      user,
      chatRef,
      { ...service, _checklist_message: messageId },
      undefined,
      async (tx, chat) => {
        const { row, body, next } = await check(tx);
        await tx.updateMessage(
          chat.pk,
          row.message_id,
          JSON.stringify({ ...body, checklist: next }),
          row.edit_date,
        );
      },
    );
  }

  /**
   * editMessageChecklist: the bot replaces a checklist it sent on behalf of a business account
   * (the connection needs can_reply); tasks that keep their id keep whether they are done. The
   * account's other bots hear edited_business_message. Answers the message as the bot sees it.
   */
  async editByBot(
    bot: UserRow,
    connectionId: string,
    chatId: number,
    messageId: number,
    input: InputChecklist,
    replyMarkup: unknown,
  ): Promise<WireMessage> {
    const { store, clock } = this.deps;
    const relay = this.business;
    const done = await store.write(async (tx) => {
      const connection = await usableConnection(tx, bot.id, connectionId, 'can_reply');
      const customer = chatId > 0 ? await tx.getUser(chatId) : undefined;
      const chat = customer ? await tx.getPrivateChat(connection.user_id, customer.id) : undefined;
      if (!chat) throw new PlatformError('CHAT_NOT_FOUND', 'chat not found');
      const row = await tx.getMessage(chat.pk, messageId);
      if (!row || row.sender_id !== connection.user_id)
        throw new PlatformError('MESSAGE_TO_EDIT_NOT_FOUND', 'message to edit not found');
      const body = JSON.parse(row.body) as MessageContent;
      const old = body.checklist as Checklist | undefined;
      if (!old) throw new PlatformError('MESSAGE_NOT_CHECKLIST', 'message is not a checklist');
      const kept = new Map(old.tasks.map((task) => [task.id, task]));
      const tasks = input.tasks.map((task) => {
        const before = kept.get(task.id);
        return before?.completed_by_user
          ? { ...task, completed_by_user: before.completed_by_user, completion_date: before.completion_date }
          : { ...task };
      });
      const { reply_markup: _markup, ...rest } = body;
      const next: MessageContent = {
        ...rest,
        checklist: { ...input, tasks } satisfies Checklist,
        ...(replyMarkup ? { reply_markup: replyMarkup } : {}),
      };
      if (JSON.stringify(next) === row.body)
        throw new PlatformError('MESSAGE_NOT_MODIFIED', 'message is not modified');
      const updated: MessageRow = { ...row, body: JSON.stringify(next), edit_date: clock.now() };
      await tx.updateMessage(chat.pk, messageId, updated.body, updated.edit_date);
      const notify =
        (await relay?.relay(
          tx,
          chat,
          updated,
          'edited_business_message',
          (viewer) => this.messages.render(tx, chat, updated, viewer),
          bot.id,
        )) ?? [];
      return { connection, chat, row: updated, notify };
    });
    for (const botId of done.notify) this.deps.bus.emit('updates.queued', { botId });
    this.deps.bus.emit('message.changed', { chatPk: done.chat.pk, messageId });
    const seen = await this.messages.render(store, done.chat, done.row, done.connection.user_id);
    return relay ? relay.forBot(store, done.connection, seen, done.row) : seen;
  }
}
