/**
 * Chat actions ("typing", "upload_photo", ...) that a bot shows in a chat with sendChatAction. A
 * client shows the latest one for at most 5 seconds, or until the bot's next message arrives
 * (spec: sendChatAction). They are never stored: the latest per chat lives in memory only.
 */
import type { PlatformDeps } from '../core/platform-deps.js';

/** The actions the reference accepts, with its aliases mapped to the current names. */
const ACTIONS: ReadonlyMap<string, string> = new Map([
  ['typing', 'typing'],
  ['upload_photo', 'upload_photo'],
  ['record_video', 'record_video'],
  ['upload_video', 'upload_video'],
  ['record_voice', 'record_voice'],
  ['record_audio', 'record_voice'],
  ['upload_voice', 'upload_voice'],
  ['upload_audio', 'upload_voice'],
  ['upload_document', 'upload_document'],
  ['choose_sticker', 'choose_sticker'],
  ['find_location', 'find_location'],
  ['pick_up_location', 'find_location'],
  ['record_video_note', 'record_video_note'],
  ['upload_video_note', 'upload_video_note'],
  ['cancel', 'cancel'],
]);

/** How long a client shows an action (virtual time). */
export const CHAT_ACTION_MS = 5_000;
/** Expired entries are swept when the map grows past this. */
const SWEEP_SIZE = 1_000;

export interface ChatAction {
  userId: number;
  action: string;
  /** Virtual ms when the client stops showing it. */
  until: number;
}

/** The canonical name of an action (case-insensitive, aliases resolved), or undefined. */
export function chatActionName(text: string): string | undefined {
  return ACTIONS.get(text.trim().toLowerCase());
}

export class ChatActions {
  /** Chat pk -> the latest action shown in it. */
  readonly #latest = new Map<number, ChatAction>();

  constructor(private readonly deps: PlatformDeps) {
    // A message from the one who was "typing" ends the action, as clients do.
    deps.bus.on('message.created', ({ chatPk, senderId }) => {
      if (this.#latest.get(chatPk)?.userId === senderId) this.#latest.delete(chatPk);
    });
  }

  /** Shows `action` (a canonical name) by the user in the chat; "cancel" stops showing any. */
  set(chatPk: number, userId: number, action: string): void {
    // People's apps show it live (the web client's event stream).
    this.deps.bus.emit('chat.action', { chatPk, userId, action });
    if (action === 'cancel') {
      this.#latest.delete(chatPk);
      return;
    }
    const now = this.deps.clock.nowMs();
    if (this.#latest.size >= SWEEP_SIZE) {
      for (const [pk, entry] of this.#latest) if (entry.until <= now) this.#latest.delete(pk);
    }
    this.#latest.set(chatPk, { userId, action, until: now + CHAT_ACTION_MS });
  }

  /** The action a client shows in the chat now, if any. */
  current(chatPk: number): ChatAction | undefined {
    const entry = this.#latest.get(chatPk);
    if (entry && entry.until <= this.deps.clock.nowMs()) {
      this.#latest.delete(chatPk);
      return undefined;
    }
    return entry;
  }
}
