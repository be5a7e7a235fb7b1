/**
 * GET /web/api/events: the page's live feed, as Server-Sent Events (ADR 0055). Each event names
 * what changed (`message` with the chat as the person sees it and the message id; `chat` when
 * something else of a chat changed, its join requests or how far another person read it; `draft`
 * when a bot streamed a draft into it; `resync` when events may have been missed); the page reads it
 * again. The tab's device is online while the stream is open. It listens by key, on the person's
 * chats and the person (web/person-events.ts).
 */
import type { ServerResponse } from 'node:http';
import type { Platform } from '../../platform/assembly/platform.js';
import type { PlatformEvents } from '../../storage/ports/events.js';
import { OPEN_CHAT_LIMIT, PersonEvents, type ChatEventListener } from '../person-events.js';
import type { WebSession } from '../session.js';
import { openSseStream } from '../sse-stream.js';

export async function openEvents(
  platform: Platform,
  session: WebSession,
  raw: ServerResponse,
): Promise<void> {
  const { bus, store } = platform.deps;
  const { send, closed } = openSseStream(raw);
  const me = session.userId;
  // Which chat id the person sees for a chat (the other party's id for a private chat), if they are in it.
  const chatIdFor = async (chatPk: number): Promise<number | undefined> => {
    const chat = await store.getChat(chatPk);
    if (!chat) return undefined;
    if (chat.type === 'private') {
      if (chat.user_a === me) return chat.user_b ?? undefined;
      if (chat.user_b === me) return chat.user_a ?? undefined;
      return undefined;
    }
    const member = await store.getMember(chatPk, me);
    if (!member || member.status === 'left' || member.status === 'kicked') return undefined;
    return chat.id ?? undefined;
  };
  const relay = (
    kind: 'created' | 'changed',
    payload: { chatPk: number; messageId: number; recipients?: number[] },
  ) => {
    // An ephemeral message (message_id 0, ADR 0076, 0080) is its receiver's alone: no one else hears of it.
    if (payload.messageId === 0 && !payload.recipients?.includes(me)) return;
    chatIdFor(payload.chatPk).then(
      (chatId) => {
        if (chatId !== undefined) send('message', { kind, chat_id: chatId, message_id: payload.messageId });
      },
      () => send('resync', {}),
    );
  };
  // Something of a chat other than its messages changed (its join requests, how far another person
  // read it: the person's own messages there may show read now): the page re-reads it.
  const chatChanged = (chatPk: number) =>
    chatIdFor(chatPk).then(
      (chatId) => {
        if (chatId !== undefined) send('chat', { chat_id: chatId });
      },
      () => send('resync', {}),
    );
  const listener: ChatEventListener = (name, payload) => {
    switch (name) {
      case 'message.created':
      case 'message.changed':
        relay(
          name === 'message.created' ? 'created' : 'changed',
          payload as PlatformEvents['message.changed'],
        );
        return;
      case 'chat.requests.changed':
        void chatChanged(payload.chatPk);
        return;
      case 'chat.draft':
        // A bot streamed a draft into the chat: the page reads the chat's drafts again (ADR 0095).
        chatIdFor(payload.chatPk).then(
          (chatId) => {
            if (chatId !== undefined) send('draft', { chat_id: chatId });
          },
          () => send('resync', {}),
        );
        return;
      case 'chat.read':
        if ((payload as PlatformEvents['chat.read']).userId !== me) void chatChanged(payload.chatPk);
        return;
      case 'chat.action': {
        const { chatPk, userId, action } = payload as PlatformEvents['chat.action'];
        if (userId === me) return;
        chatIdFor(chatPk).then(
          (chatId) => {
            if (chatId !== undefined) send('action', { chat_id: chatId, user_id: userId, action });
          },
          () => undefined,
        );
      }
    }
  };
  // By key: the person's chats and the person (web/person-events.ts), not every event of the process.
  const events = new PersonEvents(bus, me, listener);
  const offResumed = bus.on('events.resumed', () => send('resync', {}));
  const user = String(me);
  try {
    for (const chat of await store.listUserChats(me, OPEN_CHAT_LIMIT)) events.addChat(chat.pk);
    await platform.devices.setOnline(user, true, session.deviceId);
    send('ready', { device_id: session.deviceId });
    await closed;
  } finally {
    events.close();
    offResumed();
  }
  await platform.devices.setOnline(user, false, session.deviceId).catch(() => undefined);
}
