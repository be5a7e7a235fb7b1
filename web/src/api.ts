/** The person API of the server (<root>/web/api, ADR 0055: paths.ts) and its live event stream. */
import { followStream } from './sse.js';
import { API_ROOT } from './paths.js';
import { parseMarkers, type MarkedEntity } from './markers.js';
import type { RichMessageView } from './rich-types.js';

export interface User {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
  phone_number?: string;
  is_bot: boolean;
}

export interface Chat {
  id: number;
  type: 'private' | 'group' | 'supergroup' | 'channel';
  title?: string;
  first_name?: string;
  last_name?: string;
  username?: string;
  is_forum?: boolean;
}

export interface Entity {
  type: string;
  offset: number;
  length: number;
  url?: string;
  language?: string;
}

export interface InlineButton {
  text: string;
  callback_data?: string;
  url?: string;
  switch_inline_query?: string;
  switch_inline_query_current_chat?: string;
  web_app?: { url: string };
}

export interface ReplyKeyboardButton {
  text: string;
}

export interface ReplyMarkup {
  inline_keyboard?: InlineButton[][];
  keyboard?: (ReplyKeyboardButton | string)[][];
  one_time_keyboard?: boolean;
  remove_keyboard?: boolean;
  input_field_placeholder?: string;
}

/** A bot's menu button (setChatMenuButton): its commands, or a Mini App with its button text. */
export interface MenuButton {
  type: 'commands' | 'web_app' | 'default';
  text?: string;
  web_app?: { url: string };
}

export interface BotCommand {
  command: string;
  description: string;
}

export interface InlineResultView {
  id: string;
  type: string;
  title?: string;
  description?: string;
  [field: string]: unknown;
}

export interface InlineAnswer {
  query_id: string;
  answered: boolean;
  results?: InlineResultView[];
  [field: string]: unknown;
}

export interface Message {
  message_id: number;
  from?: User;
  sender_chat?: Chat;
  chat: Chat;
  date: number;
  edit_date?: number;
  text?: string;
  entities?: Entity[];
  caption?: string;
  caption_entities?: Entity[];
  reply_to_message?: Message;
  reply_markup?: ReplyMarkup;
  /** An ephemeral message (message_id 0, ADR 0080): its id in the chat, and who sees it. */
  ephemeral_message_id?: number;
  receiver_user?: User;
  /** A rich message (sendRichMessage, ADR 0051, 0088): drawn by rich-message.tsx. */
  rich_message?: RichMessageView;
  /** The person's own message, read by another person of the chat (ADR 0098). */
  read?: boolean;
  [field: string]: unknown;
}

/** A draft a bot streams (sendMessageDraft, sendRichMessageDraft): shown until its message comes. */
export interface Draft {
  draft_id: number;
  from: User;
  date: number;
  text?: string;
  entities?: Entity[];
  rich_message?: RichMessageView;
  message_thread_id?: number;
  expires_at: number;
}

export interface ChatEntry {
  chat: Chat;
  last_message?: Message;
  unread_count: number;
  /** The service chat ("Verification Codes"): listed apart, no composer (ADR 0098). */
  is_service?: boolean;
}

export interface PressResult {
  answered: boolean;
  text?: string;
  show_alert?: boolean;
  url?: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    description: string,
  ) {
    super(description);
  }
}

const TOKEN_KEY = 'parley.session';

/** Each tab keeps its own session (sessionStorage): several tabs can be several people. */
export const session = {
  get token(): string | null {
    return sessionStorage.getItem(TOKEN_KEY);
  },
  set token(value: string | null) {
    if (value === null) sessionStorage.removeItem(TOKEN_KEY);
    else sessionStorage.setItem(TOKEN_KEY, value);
  },
};

/**
 * One call of a JSON API of the server (the person API, the control API): parameters in the query
 * (GET) or a JSON body (POST); answers `result`, or throws the `{ ok: false }` answer as an ApiError.
 */
export async function request<T>(
  base: string,
  token: string | null,
  method: 'GET' | 'POST',
  path: string,
  input: Record<string, unknown> = {},
): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let url = `${base}${path}`;
  let body: string | undefined;
  if (method === 'GET') {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(input)) if (value !== undefined) query.set(key, String(value));
    if ([...query].length > 0) url += `?${query}`;
  } else {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(input);
  }
  const response = await fetch(url, { method, headers, body });
  const answer = (await response.json()) as
    { ok: true; result: T } | { ok: false; error: string; description: string };
  if (!answer.ok) throw new ApiError(response.status, answer.error, answer.description);
  return answer.result;
}

/** A call of the person API whose body is a picked file's bytes; its parameters go in the query. */
export async function upload<T>(path: string, query: URLSearchParams, file: File): Promise<T> {
  const response = await fetch(`${API_ROOT}${path}?${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token ?? ''}`, 'content-type': 'application/octet-stream' },
    body: file,
  });
  const answer = (await response.json()) as
    { ok: true; result: T } | { ok: false; error: string; description: string };
  if (!answer.ok) throw new ApiError(response.status, answer.error, answer.description);
  return answer.result;
}

/** A file of the person API as an object URL (the request carries the session, so no plain `src`). */
export async function objectUrl(path: string, query: Record<string, string>): Promise<string> {
  const response = await fetch(`${API_ROOT}${path}?${new URLSearchParams(query)}`, {
    headers: { authorization: `Bearer ${session.token ?? ''}` },
  });
  if (!response.ok) throw new ApiError(response.status, 'FILE_NOT_FOUND', 'the file could not be loaded');
  return URL.createObjectURL(await response.blob());
}

/** A call of the person API as the tab's signed-in person. */
export function call<T>(
  method: 'GET' | 'POST',
  path: string,
  input: Record<string, unknown> = {},
): Promise<T> {
  return request<T>(API_ROOT, session.token, method, path, input);
}

export const api = {
  config: () => call<{ profile: string }>('GET', '/config'),
  people: () => call<User[]>('GET', '/people'),
  signIn: (input: {
    phone_number: string;
    first_name?: string;
    last_name?: string;
    code_id?: string;
    code?: string;
  }) => call<{ token: string; user: User; device_id: number }>('POST', '/sign-in', input),
  requestLoginCode: (phone_number: string) =>
    call<{ code_hash_id: string }>('POST', '/sign-in/code', { phone_number }),
  signOut: () => call<true>('POST', '/sign-out'),
  me: () => call<{ user: User; device_id: number }>('GET', '/me'),
  bots: () => call<User[]>('GET', '/bots'),
  chats: () => call<ChatEntry[]>('GET', '/chats'),
  messages: (chat: string) => call<Message[]>('GET', '/messages', { chat }),
  /** The messages around one (50 before, it, 50 after): a search result older than the newest page. */
  messagesAround: (chat: string, around: number) => call<Message[]>('GET', '/messages', { chat, around }),
  /** Sends a text; `entities`: its formatting (the composer's markers, markers.ts). */
  send: (
    chat: string,
    text: string,
    reply_to_message_id?: number,
    message_thread_id?: number,
    entities?: MarkedEntity[],
  ) =>
    call<Message>('POST', '/messages', {
      chat,
      text,
      entities: entities?.length ? entities : undefined,
      reply_to_message_id,
      message_thread_id,
    }),
  commands: (bot: string) =>
    call<{ commands: BotCommand[]; menu_button: MenuButton }>('GET', '/commands', { bot }),
  /** Opens a bot's Mini App (its menu button's, or a web_app button's of a message): its launch URL. */
  openWebApp: (bot: string, message_id?: number, button?: string) =>
    call<{ url: string; launch_url: string }>('POST', '/web-apps/open', { bot, message_id, button }),
  inline: (bot: string, query: string, chat: string) =>
    call<InlineAnswer>('POST', '/inline', { bot, query, chat }),
  chooseInline: (query_id: string, result_id: string) =>
    call<{ message: Message; inline_message_id?: string }>('POST', '/inline/choose', { query_id, result_id }),
  /** Sends a file; `typed`: its caption, with formatting markers (markers.ts). */
  sendFile: async (chat: string, file: File, typed: string, reply_to_message_id?: number) => {
    const kind = file.type.startsWith('image/') && file.size <= 10 * 1024 * 1024 ? 'photo' : 'document';
    const { text: caption, entities } = parseMarkers(typed);
    const query = new URLSearchParams({ chat, kind, filename: file.name, caption });
    if (entities.length > 0) query.set('caption_entities', JSON.stringify(entities));
    if (file.type) query.set('mime_type', file.type);
    if (reply_to_message_id !== undefined) query.set('reply_to_message_id', String(reply_to_message_id));
    return upload<Message>('/media', query, file);
  },
  /** A file of a message as an object URL (the request carries the session, so no plain `src`). */
  fileUrl: (chat: string, message_id: number, file_id?: string) =>
    objectUrl('/files', { chat, message_id: String(message_id), ...(file_id ? { file_id } : {}) }),
  /** A file of a rich message's block, by the file_id the person sees it under (ADR 0095). */
  richFileUrl: (file_id: string) => objectUrl('/files', { file_id }),
  /** The drafts a bot is streaming into the person's private chat with it (ADR 0048, 0095). */
  drafts: (chat: string) => call<Draft[]>('GET', '/drafts', { chat }),
  react: (chat: string, message_id: number, emoji: string | undefined) =>
    call<unknown>('POST', '/reactions', { chat, message_id, emoji }),
  pins: (chat: string) => call<Message[]>('GET', '/pins', { chat }),
  topics: (chat: string) =>
    call<{ message_thread_id: number; name: string; is_general?: boolean; is_closed?: boolean }[]>(
      'GET',
      '/topics',
      { chat },
    ),
  createTopic: (chat: string, name: string) =>
    call<{ message_thread_id: number; name: string }>('POST', '/topics', { chat, name }),
  pin: (chat: string, message_id: number) => call<Message>('POST', '/pins', { chat, message_id }),
  /** Forwards a message of `from_chat` into `chat` (ADR 0103); answers the new message. */
  forward: (from_chat: string, message_id: number, chat: string) =>
    call<Message>('POST', '/forward', { from_chat, message_id, chat }),
  unpin: (chat: string, message_id: number) => call<true>('POST', '/pins/delete', { chat, message_id }),
  vote: (chat: string, message_id: number, option_ids: number[]) =>
    call<unknown>('POST', '/vote', { chat, message_id, option_ids }),
  press: (chat: string, message_id: number, button: string) =>
    call<PressResult>('POST', '/press', { chat, message_id, button }),
};

export type LiveEvent =
  | { event: 'ready'; data: { device_id: number } }
  | { event: 'message'; data: { kind: 'created' | 'changed'; chat_id: number; message_id: number } }
  | { event: 'action'; data: { chat_id: number; user_id: number; action: string } }
  | { event: 'chat'; data: { chat_id: number } }
  | { event: 'draft'; data: { chat_id: number } }
  | { event: 'resync'; data: Record<string, never> };

/** Follows the person's event stream (/web/api/events). Answers a function that stops it. */
export function follow(onEvent: (event: LiveEvent) => void): () => void {
  return followStream(
    `${API_ROOT}/events`,
    () => session.token,
    (event, data) => onEvent({ event, data } as LiveEvent),
    () => onEvent({ event: 'resync', data: {} }),
  );
}
