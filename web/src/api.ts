/** The person API of the server (/web/api, ADR 0055) and its live event stream. */
import { followStream } from './sse.js';

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
  reply_markup?: { inline_keyboard?: InlineButton[][] };
  [field: string]: unknown;
}

export interface ChatEntry {
  chat: Chat;
  last_message?: Message;
  unread_count: number;
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

async function call<T>(
  method: 'GET' | 'POST',
  path: string,
  input: Record<string, unknown> = {},
): Promise<T> {
  const headers: Record<string, string> = {};
  if (session.token) headers.authorization = `Bearer ${session.token}`;
  let url = `/web/api${path}`;
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

export const api = {
  config: () => call<{ profile: string }>('GET', '/config'),
  people: () => call<User[]>('GET', '/people'),
  signIn: (input: { phone_number: string; first_name?: string; last_name?: string }) =>
    call<{ token: string; user: User; device_id: number }>('POST', '/sign-in', input),
  signOut: () => call<true>('POST', '/sign-out'),
  me: () => call<{ user: User; device_id: number }>('GET', '/me'),
  bots: () => call<User[]>('GET', '/bots'),
  chats: () => call<ChatEntry[]>('GET', '/chats'),
  messages: (chat: string) => call<Message[]>('GET', '/messages', { chat }),
  send: (chat: string, text: string, reply_to_message_id?: number) =>
    call<Message>('POST', '/messages', { chat, text, reply_to_message_id }),
  vote: (chat: string, message_id: number, option_ids: number[]) =>
    call<unknown>('POST', '/vote', { chat, message_id, option_ids }),
  press: (chat: string, message_id: number, button: string) =>
    call<PressResult>('POST', '/press', { chat, message_id, button }),
};

export type LiveEvent =
  | { event: 'ready'; data: { device_id: number } }
  | { event: 'message'; data: { kind: 'created' | 'changed'; chat_id: number; message_id: number } }
  | { event: 'resync'; data: Record<string, never> };

/** Follows the person's event stream (/web/api/events). Answers a function that stops it. */
export function follow(onEvent: (event: LiveEvent) => void): () => void {
  return followStream(
    '/web/api/events',
    () => session.token,
    (event, data) => onEvent({ event, data } as LiveEvent),
    () => onEvent({ event: 'resync', data: {} }),
  );
}
