/**
 * A typed client of the control API (docs/control-api.md). It is the test kit's entry point and the
 * `parley` CLI is built on it, so it depends on nothing of the server.
 */
import { ControlApiError, UNEXPECTED_RESPONSE } from './control-api-error.js';
import type {
  BotRecord,
  ClockState,
  ControlApiAnswer,
  CreateBotParams,
  CreateUserParams,
  DeleteMessageParams,
  EditMessageParams,
  PressButtonParams,
  PressResult,
  ListMessagesParams,
  Message,
  SendMessageParams,
  UserRecord,
  UserRef,
  WaitForMessageParams,
} from './control-types.js';

export { ControlApiError } from './control-api-error.js';

export interface ControlClientOptions {
  /** The server's base URL, e.g. `http://127.0.0.1:8081`; `/control` is appended. */
  url: string;
  adminToken: string;
  /**
   * Replaces the transport of every call, `waitForMessage` included. It must then not give up on a
   * request before the server answers a wait, which can take `timeout` seconds (at most 300).
   */
  fetch?: typeof fetch;
}

export interface WaitOptions {
  /** Abandons the wait on the client side (the server still answers when its timeout ends). */
  signal?: AbortSignal;
}

/** The server waits at most this long (docs/control-api.md, `POST /control/wait`). */
export const MAX_WAIT_TIMEOUT_SECONDS = 300;

/**
 * How much longer than the server the client waits for an answer to `wait`, so that the server's
 * `WAIT_TIMEOUT` always arrives before a client-side timeout would.
 */
const WAIT_MARGIN_SECONDS = 30;

interface RawAnswer {
  status: number;
  contentType: string | null;
  text: string;
}

interface RequestSpec {
  method: 'GET' | 'POST';
  /** Below `/control`, already encoded. */
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: object;
  /** Set for long polls: how long the server may hold the request, in seconds. */
  holdSeconds?: number;
  signal?: AbortSignal | undefined;
}

export class ControlClient {
  readonly #baseUrl: string;
  readonly #adminToken: string;
  readonly #fetch: typeof fetch | undefined;

  constructor(options: ControlClientOptions) {
    // A base URL may carry a path prefix (a reverse proxy); only the trailing slash is dropped.
    this.#baseUrl = options.url.replace(/\/+$/, '');
    this.#adminToken = options.adminToken;
    this.#fetch = options.fetch;
  }

  /** `POST /control/users` */
  createUser(params: CreateUserParams): Promise<UserRecord> {
    return this.#call({ method: 'POST', path: '/users', body: params });
  }

  /** `GET /control/users/{USER_REF}` */
  getUser(ref: UserRef): Promise<UserRecord> {
    return this.#call({ method: 'GET', path: `/users/${encodeRef(ref)}` });
  }

  /** `POST /control/bots`; the answer carries the bot's token. */
  createBot(params: CreateBotParams): Promise<BotRecord> {
    return this.#call({ method: 'POST', path: '/bots', body: params });
  }

  /** `GET /control/bots/{USER_REF}` */
  getBot(ref: UserRef): Promise<BotRecord> {
    return this.#call({ method: 'GET', path: `/bots/${encodeRef(ref)}` });
  }

  /** `POST /control/messages`: the user `from` writes in `chat`; answers the message as the sender sees it. */
  sendMessage(params: SendMessageParams): Promise<Message> {
    return this.#call({ method: 'POST', path: '/messages', body: params });
  }

  /** `GET /control/messages`: the newest `limit` messages of the chat as `user` sees them, oldest first. */
  listMessages(params: ListMessagesParams): Promise<Message[]> {
    return this.#call({
      method: 'GET',
      path: '/messages',
      query: { user: params.user, chat: params.chat, limit: params.limit },
    });
  }

  /**
   * `POST /control/wait`: the next message another party sent to `user` in `chat` (see "Waiting for a
   * message"). Throws a `ControlApiError` with `error === 'WAIT_TIMEOUT'` (status 408) when none comes.
   */
  waitForMessage(params: WaitForMessageParams, options: WaitOptions = {}): Promise<Message> {
    return this.#call({
      method: 'POST',
      path: '/wait',
      body: params,
      holdSeconds: params.timeout ?? MAX_WAIT_TIMEOUT_SECONDS,
      signal: options.signal,
    });
  }

  /**
   * `POST /control/press`: `user` presses the inline button labelled `button` on a message and
   * waits up to `timeout` seconds for the bot's answer.
   */
  pressButton(params: PressButtonParams): Promise<PressResult> {
    return this.#call({ method: 'POST', path: '/press', body: params, holdSeconds: params.timeout ?? 10 });
  }

  /** `POST /control/messages/edit`: `user` edits the text of their message; bots get edited_message. */
  editMessage(params: EditMessageParams): Promise<Message> {
    return this.#call({ method: 'POST', path: '/messages/edit', body: params });
  }

  /** `POST /control/messages/delete`: `user` deletes their own message. */
  deleteMessage(params: DeleteMessageParams): Promise<true> {
    return this.#call({ method: 'POST', path: '/messages/delete', body: params });
  }

  /** `POST /control/clock/advance`: moves the virtual clock forward by `seconds` (a positive integer). */
  advanceClock(seconds: number): Promise<ClockState> {
    return this.#call({ method: 'POST', path: '/clock/advance', body: { seconds } });
  }

  /** `GET /control/clock` */
  getClock(): Promise<ClockState> {
    return this.#call({ method: 'GET', path: '/clock' });
  }

  async #call<T>(spec: RequestSpec): Promise<T> {
    let url = `${this.#baseUrl}/control${spec.path}`;
    if (spec.query) {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(spec.query)) {
        if (value !== undefined) search.set(key, String(value));
      }
      const encoded = search.toString();
      if (encoded) url += `?${encoded}`;
    }
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.#adminToken}`,
      accept: 'application/json',
    };
    const init: RequestInit = { method: spec.method, headers };
    if (spec.body !== undefined) {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(spec.body);
    }
    if (spec.signal) init.signal = spec.signal;

    const raw = await this.#send(url, init, spec.holdSeconds);
    return unwrap<T>(raw, `${spec.method} /control${spec.path}`);
  }

  async #send(url: string, init: RequestInit, holdSeconds: number | undefined): Promise<RawAnswer> {
    if (this.#fetch) return read(await this.#fetch(url, init));
    if (holdSeconds === undefined) return read(await fetch(url, init));
    return longPoll(url, init, holdSeconds);
  }
}

/**
 * Node's fetch gives up when response headers take more than 300 s, exactly the longest wait the server
 * allows, so a long poll goes through an agent of its own whose timeouts outlast the server's. The agent
 * comes from the undici package together with its fetch: a dispatcher of one undici version handed to
 * the fetch built into Node (another version) is not guaranteed to work. Loaded lazily so that clients
 * that never wait, like most CLI commands, do not load it.
 */
async function longPoll(url: string, init: RequestInit, holdSeconds: number): Promise<RawAnswer> {
  const undici = await import('undici');
  const limitMs = (holdSeconds + WAIT_MARGIN_SECONDS) * 1000;
  const agent = new undici.Agent({ headersTimeout: limitMs, bodyTimeout: limitMs });
  try {
    const response = await undici.fetch(url, {
      method: init.method ?? 'GET',
      headers: init.headers as Record<string, string>,
      body: init.body as string | undefined,
      signal: init.signal ?? null,
      dispatcher: agent,
    });
    return {
      status: response.status,
      contentType: response.headers.get('content-type'),
      text: await response.text(),
    };
  } finally {
    // One agent per wait: nothing stays open once the answer is read, and no client state to close.
    await agent.destroy();
  }
}

async function read(response: Response): Promise<RawAnswer> {
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    text: await response.text(),
  };
}

function unwrap<T>(raw: RawAnswer, what: string): T {
  let answer: unknown;
  try {
    answer = JSON.parse(raw.text);
  } catch {
    answer = undefined;
  }
  if (isEnvelope(answer)) {
    if (answer.ok) return answer.result as T;
    throw new ControlApiError(raw.status, answer.error, answer.description);
  }
  const type = raw.contentType ? ` (${raw.contentType.split(';')[0]})` : '';
  throw new ControlApiError(
    raw.status,
    UNEXPECTED_RESPONSE,
    `${what} answered HTTP ${raw.status}${type} without a control API envelope; is the URL that of a Parley server?`,
  );
}

function isEnvelope(value: unknown): value is ControlApiAnswer<unknown> {
  if (typeof value !== 'object' || value === null || !('ok' in value)) return false;
  if (value.ok === true) return 'result' in value;
  return (
    value.ok === false &&
    'error' in value &&
    typeof value.error === 'string' &&
    'description' in value &&
    typeof value.description === 'string'
  );
}

/** References go in a path segment: `+` and `@` are encoded so that no server reads `+` as a space. */
function encodeRef(ref: UserRef): string {
  return encodeURIComponent(String(ref));
}
