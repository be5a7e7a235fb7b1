/**
 * GET /web/api/events: the page's live feed, as Server-Sent Events (ADR 0055). Each event names
 * what changed (`message` with the chat as the person sees it and the message id; `chat` when
 * something else of a chat changed, its join requests or how far another person read it; `resync` when events may have been missed); the page reads it again. The tab's device is online while the
 * stream is open.
 */
import type { ServerResponse } from 'node:http';
import type { Platform } from '../../platform/core/platform.js';
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
  const relay =
    (kind: 'created' | 'changed') =>
    (payload: { chatPk: number; messageId: number; recipients?: number[] }) => {
      // An ephemeral message (message_id 0, ADR 0076, 0080) is its receiver's alone: no one else hears of it.
      if (payload.messageId === 0 && !payload.recipients?.includes(me)) return;
      chatIdFor(payload.chatPk).then(
        (chatId) => {
          if (chatId !== undefined) send('message', { kind, chat_id: chatId, message_id: payload.messageId });
        },
        () => send('resync', {}),
      );
    };
  const unsubscribe = [
    bus.on('message.created', relay('created')),
    bus.on('message.changed', relay('changed')),
    bus.on('events.resumed', () => send('resync', {})),
    // Something of a chat other than its messages changed (its join requests): the page re-reads it.
    bus.on('chat.requests.changed', ({ chatPk }) => {
      chatIdFor(chatPk).then(
        (chatId) => {
          if (chatId !== undefined) send('chat', { chat_id: chatId });
        },
        () => send('resync', {}),
      );
    }),
    // Someone else read the chat further: the person's own messages there may show read now.
    bus.on('chat.read', ({ chatPk, userId }) => {
      if (userId === me) return;
      chatIdFor(chatPk).then(
        (chatId) => {
          if (chatId !== undefined) send('chat', { chat_id: chatId });
        },
        () => send('resync', {}),
      );
    }),
    bus.on('chat.action', ({ chatPk, userId, action }) => {
      if (userId === me) return;
      chatIdFor(chatPk).then(
        (chatId) => {
          if (chatId !== undefined) send('action', { chat_id: chatId, user_id: userId, action });
        },
        () => undefined,
      );
    }),
  ];
  const user = String(me);
  await platform.devices.setOnline(user, true, session.deviceId);
  send('ready', { device_id: session.deviceId });
  await closed;
  for (const off of unsubscribe) off();
  await platform.devices.setOnline(user, false, session.deviceId).catch(() => undefined);
}
