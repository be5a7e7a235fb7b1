/**
 * A bot's inbox read with grammY's Api: the next `message` (or `channel_post`) update by
 * getUpdates, each update confirmed by offset as it is read.
 */
import type { Api } from 'grammy';
import type { Message } from 'grammy/types';
import { waitFor } from './wait-for.js';

export interface BotInbox {
  /** The next `message` or `channel_post`; other updates on the way are skipped. */
  next(): Promise<Message>;
  /** Every update queued now (confirmed), without waiting. */
  drain(): Promise<Array<Record<string, unknown>>>;
}

export function botInbox(api: Api, name = 'the bot'): BotInbox {
  let offset = 0;
  const read = async () => {
    const updates = await api.getUpdates({ offset, timeout: 0 });
    if (updates.length > 0) offset = updates.at(-1)!.update_id + 1;
    return updates as unknown as Array<Record<string, unknown>>;
  };
  const pending: Message[] = [];
  return {
    next: () =>
      waitFor(
        async () => {
          if (pending.length === 0) {
            for (const update of await read()) {
              const message = (update.message ?? update.channel_post) as Message | undefined;
              if (message) pending.push(message);
            }
          }
          return pending.shift();
        },
        { what: `a message for ${name}` },
      ),
    drain: read,
  };
}
