/**
 * `createParley()`: the test kit's front door (`import { createParley } from 'parley-server/testkit'`,
 * docs/testing.md, ADR 0057). It starts a server in this process (in-memory store, free port) or
 * connects to a running one, and hands out people who act and wait, bots, the clock and the gateway's
 * codes. Every action is one call of the control API's typed client (`ControlClient`), which stays
 * reachable as `parley.control` for everything else.
 *
 * Timeouts here are in milliseconds, as test runners count them; the control API waits in whole
 * seconds, so a wait may run up to a second past its timeout before it fails.
 */
import { randomBytes } from 'node:crypto';
import { ControlApiError } from './control-api-error.js';
import { ControlClient } from './control-client.js';
import { withWorld } from './kit-world.js';
import type {
  BotRecord,
  ChatRef,
  ClockState,
  CreateBotParams,
  InlineQueryAnswer,
  JoinChatResult,
  Message,
  MessageReactions,
  PaymentOutcome,
  PayParams,
  Poll,
  PressResult,
  ReactParams,
  ReceivedCode,
  SendMediaParams,
  UserRecord,
  UserRef,
  WorldFile,
  WorldImported,
} from '../wire/control-types.js';

export interface CreateParleyOptions {
  /** A running server's base URL (`http://127.0.0.1:8081`); without it a server starts in this process. */
  url?: string;
  /** The running server's admin token (default: PARLEY_ADMIN_TOKEN); the in-process server's, if set. */
  adminToken?: string;
  /** In-process only: pino's level of the server's log, written to stderr (default `silent`). */
  logLevel?: string;
  /** In-process only: `local` (default) or `strict`. */
  profile?: string;
  /**
   * With `url`: connect to this workspace of the server (ADR 0061) instead of its default one; the
   * admin token may be the workspace's or the server's.
   */
  workspace?: string;
  /**
   * A world to start from (ADR 0102): a world file's path (JSON, or YAML by its `.yaml`/`.yml`
   * extension; problems name their line) or the file's object. Imported before `createParley`
   * resolves; a file with problems rejects it and changes nothing (an in-process server is stopped).
   */
  world?: WorldFile | string;
}

/** `createWorkspace`'s options: its name (default `test-` and random hex) and a world to start from. */
export interface CreateWorkspaceOptions {
  name?: string;
  world?: WorldFile | string;
}

export interface CreateUserOptions {
  /** E.164 (`+15550001`); default: a fresh number of the `+1555` range. */
  phone?: string;
  first_name?: string;
  last_name?: string;
  /** Without the `@`. */
  username?: string;
  language_code?: string;
}

export interface WaitForMessageOptions {
  /** Milliseconds (default 10000). */
  timeout?: number;
  /** Waits past the messages this refuses (they count as received: the next wait does not see them). */
  match?: (message: Message) => boolean;
}

export interface WaitForCodeOptions {
  /** The gateway's `request_id` of the code (a `sendVerificationMessage` answer); default: any code. */
  requestId?: string;
  /** Milliseconds (default 10000). */
  timeout?: number;
}

export interface SendOptions {
  reply_to_message_id?: number;
  message_thread_id?: number;
}

export interface MediaOptions {
  caption?: string;
  reply_to_message_id?: number;
}

export interface DocumentOptions extends MediaOptions {
  /** Default `file.bin`. */
  filename?: string;
  /** Default: by the file name's extension, else application/octet-stream. */
  mime_type?: string;
}

export interface ActOptions {
  /** Milliseconds to wait for the bot's answer (default 10000). */
  timeout?: number;
}

export type PayOptions = Omit<PayParams, 'user' | 'chat' | 'message_id' | 'link' | 'timeout'> & ActOptions;

/** A person of the platform who acts through the control API. */
export interface Person {
  readonly id: number;
  readonly phone: string;
  readonly first_name: string;
  readonly username: string | undefined;
  /** The person as the control API answered it. */
  readonly record: UserRecord;
  /** Writes `text` in `chat` (`@bot_username` for the private chat with a bot, or a chat id). */
  send(chat: ChatRef, text: string, options?: SendOptions): Promise<Message>;
  /** Sends a JPEG, PNG, GIF or WebP image. */
  sendPhoto(chat: ChatRef, bytes: Uint8Array, options?: MediaOptions): Promise<Message>;
  sendDocument(chat: ChatRef, bytes: Uint8Array, options?: DocumentOptions): Promise<Message>;
  /** Presses the inline button labelled `button` and waits for the bot's answer to the callback query. */
  press(chat: ChatRef, messageId: number, button: string, options?: ActOptions): Promise<PressResult>;
  /** Votes (0-based option indexes; an empty list retracts the vote). */
  vote(chat: ChatRef, messageId: number, optionIds: number[]): Promise<Poll>;
  /** Reacts with one emoji, several, or ReactionType objects; an empty list removes the reactions. */
  react(
    chat: ChatRef,
    messageId: number,
    reaction: string | string[] | NonNullable<ReactParams['reaction']>,
    options?: { is_big?: boolean },
  ): Promise<MessageReactions>;
  /** Types `@bot query` and waits for the bot's results. */
  inline(bot: UserRef, query: string, options?: ActOptions & { chat?: ChatRef }): Promise<InlineQueryAnswer>;
  /** Joins through an invite link, or a public chat by `@username`. */
  join(inviteLinkOrUsername: string): Promise<JoinChatResult>;
  /** Pays the invoice message `messageId` of `chat`; waits for the bot's shipping and pre-checkout answers. */
  pay(chat: ChatRef, messageId: number, options?: PayOptions): Promise<PaymentOutcome>;
  /** Pays an invoice link (`https://parley.invalid/$...`). */
  payLink(link: string, options?: PayOptions): Promise<PaymentOutcome>;
  /**
   * The next message another party sent this person in `chat` that no earlier wait returned, or the
   * first of them that `match` accepts. Throws a `ControlApiError` `WAIT_TIMEOUT` (408) after `timeout`.
   */
  waitForMessage(chat: ChatRef, options?: WaitForMessageOptions): Promise<Message>;
  /** The newest `limit` messages of `chat` as this person sees them, oldest first. */
  messages(chat: ChatRef, limit?: number): Promise<Message[]>;
}

export interface Parley {
  /** What a bot library takes as its API root (grammY `client.apiRoot`, python-telegram-bot `base_url` + `/bot`). */
  readonly apiRoot: string;
  /** The server's base URL (the control API is under `/control`). */
  readonly url: string;
  readonly adminToken: string;
  /** The typed client of every control API route. */
  readonly control: ControlClient;
  /** For a bot library (grammY `client: { apiRoot, fetch }`): in-process, answered without a socket. */
  readonly fetch: typeof fetch;
  /** Whether this kit started the server (and `close()` stops it). */
  readonly inProcess: boolean;
  /** What the `world` option created (its bots' tokens among it); undefined without one. */
  readonly world: WorldImported | undefined;
  createBot(params: CreateBotParams): Promise<BotRecord>;
  createUser(options?: CreateUserOptions): Promise<Person>;
  /** A person who already exists (by phone number, id or `@username`). */
  user(ref: UserRef): Promise<Person>;
  /** The code the gateway sent to `phone` (of `requestId` when given); codes of other requests are skipped. */
  waitForCode(phone: UserRef, options?: WaitForCodeOptions): Promise<ReceivedCode>;
  readonly clock: {
    /** Moves the virtual clock forward by whole `seconds`; timed jobs that fall due run. */
    advance(seconds: number): Promise<ClockState>;
    now(): Promise<ClockState>;
  };
  /**
   * A new workspace of this server (ADR 0061: its own people, bots, chats, gateway accounts and
   * clock; names may repeat across workspaces) as a kit of its own, whose `close()` deletes it.
   * Default name: `test-` and random hex.
   */
  createWorkspace(
    options?: string | CreateWorkspaceOptions,
  ): Promise<Parley & { readonly workspace: string }>;
  /** Stops the in-process server (a connected kit only lets go of it; a workspace's deletes it). Idempotent. */
  close(): Promise<void>;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * The in-process server's module: the build's one-file bundle of it where there is one (dist/, ADR
 * 0094 "cold start": about 100 ms of CPU less for a new process), else its modules (sources, tests).
 * The only import of the server by the test kit, and a lazy one (eslint-rules/layers.js, ADR 0057);
 * loaded once per process (an `import()` of a loaded module still cost 30 µs a start, issue 28).
 */
function inProcessServer(): Promise<InProcessModule> {
  return (IN_PROCESS ??= loadInProcessServer());
}
let IN_PROCESS: Promise<InProcessModule> | undefined;
async function loadInProcessServer(): Promise<InProcessModule> {
  try {
    return (await import(BUNDLE)) as InProcessModule;
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    if (code !== 'ERR_MODULE_NOT_FOUND' || !message?.includes('in-process.bundle')) throw error;
  }
  return (await import('../server/in-process.js')) as InProcessModule;
}

const BUNDLE = '../server/in-process.bundle.js'; // not a literal import: left to the run time

/** The shape of server/in-process.ts, loaded on demand (ADR 0057); declared here so no type leaks in. */
interface InProcessModule {
  startInProcess(options: {
    logLevel?: string | undefined;
    profile?: string | undefined;
    adminToken?: string | undefined;
  }): Promise<{ url: string; adminToken: string; fetch: typeof fetch; close(): Promise<void> }>;
}

export async function createParley(options: CreateParleyOptions = {}): Promise<Parley> {
  if (options.url !== undefined) {
    const adminToken = options.adminToken ?? process.env.PARLEY_ADMIN_TOKEN;
    if (!adminToken)
      throw new Error('createParley({ url }) needs the adminToken option or PARLEY_ADMIN_TOKEN');
    const { url, workspace } = options;
    const at = workspace === undefined ? url : `${url.replace(/\/+$/, '')}/w/${workspace}`;
    return withWorld(kit(at, adminToken, undefined, false, undefined), options.world);
  }
  const { startInProcess } = await inProcessServer();
  const server = await startInProcess({
    logLevel: options.logLevel,
    profile: options.profile,
    adminToken: options.adminToken,
  });
  return withWorld(
    kit(server.url, server.adminToken, () => server.close(), true, server.fetch),
    options.world,
  );
}

function kit(
  url: string,
  adminToken: string,
  stop: (() => Promise<void>) | undefined,
  inProcess: boolean,
  transport: typeof fetch | undefined,
): Parley {
  const base = url.replace(/\/+$/, '');
  // The in-process server's transport, or the client's own (the global fetch, its own for long waits).
  const control = new ControlClient({ url: base, adminToken, ...(transport && { fetch: transport }) });
  let closing: Promise<void> | undefined;
  return {
    apiRoot: base,
    url: base,
    adminToken,
    control,
    fetch: transport ?? ((input, init) => fetch(input, init)),
    inProcess,
    world: undefined,
    createBot: (params) => control.createBot(params),
    async createUser(options = {}) {
      const { phone = freshPhone(), ...rest } = options;
      return person(control, await control.createUser({ phone_number: phone, ...rest }));
    },
    user: async (ref) => person(control, await control.getUser(ref)),
    waitForCode: (phone, options = {}) =>
      waitUntil(
        options.timeout,
        (seconds) => control.waitForCode({ phone, timeout: seconds }),
        (code) => options.requestId === undefined || code.request_id === options.requestId,
        () =>
          options.requestId === undefined
            ? `no code reached ${phone}`
            : `no code of request ${options.requestId} reached ${phone}`,
      ),
    clock: {
      advance: (seconds) => control.advanceClock(seconds),
      now: () => control.getClock(),
    },
    async createWorkspace(options = {}) {
      const { name = `test-${randomBytes(6).toString('hex')}`, world } =
        typeof options === 'string' ? { name: options } : options;
      const created = await control.createWorkspace({ name });
      const remove = async () => {
        await control.deleteWorkspace(name);
      };
      return withWorld(
        { ...kit(created.server_url, created.admin_token, remove, false, transport), workspace: name },
        world,
      );
    },
    close() {
      closing ??= stop ? stop() : Promise.resolve();
      return closing;
    },
  };
}

function person(control: ControlClient, record: UserRecord): Person {
  const user = record.id;
  return {
    id: record.id,
    phone: record.phone_number,
    first_name: record.first_name,
    username: record.username,
    record,
    send: (chat, text, options = {}) => control.sendMessage({ from: user, chat, text, ...options }),
    sendPhoto: (chat, bytes, options = {}) =>
      control.sendMedia({ from: user, chat, ...options, photo: { data: bytes } } as SendMediaParams),
    sendDocument: (chat, bytes, options = {}) => {
      const { filename = 'file.bin', mime_type: mimeType, ...rest } = options;
      const document = { data: bytes, filename, ...(mimeType === undefined ? {} : { mime_type: mimeType }) };
      return control.sendMedia({ from: user, chat, ...rest, document } as SendMediaParams);
    },
    press: (chat, messageId, button, options = {}) =>
      control.pressButton({ user, chat, message_id: messageId, button, timeout: seconds(options.timeout) }),
    vote: (chat, messageId, optionIds) =>
      control.votePoll({ user, chat, message_id: messageId, option_ids: optionIds }),
    react(chat, messageId, reaction, options = {}) {
      const params: ReactParams = { user, chat, message_id: messageId, ...options };
      if (typeof reaction === 'string') params.emoji = [reaction];
      else if (reaction.length === 0) params.reaction = [];
      else if (reaction.every((item) => typeof item === 'string')) params.emoji = reaction as string[];
      else params.reaction = reaction as NonNullable<ReactParams['reaction']>;
      return control.react(params);
    },
    inline: (bot, query, options = {}) =>
      control.inlineQuery({
        user,
        bot,
        query,
        timeout: seconds(options.timeout),
        ...(options.chat === undefined ? {} : { chat: options.chat }),
      }),
    join: (target) =>
      control.joinChat(target.startsWith('@') ? { user, chat: target } : { user, invite_link: target }),
    pay: (chat, messageId, options = {}) => {
      const { timeout, ...rest } = options;
      return control.pay({ user, chat, message_id: messageId, timeout: seconds(timeout), ...rest });
    },
    payLink: (link, options = {}) => {
      const { timeout, ...rest } = options;
      return control.pay({ user, link, timeout: seconds(timeout), ...rest });
    },
    waitForMessage: (chat, options = {}) =>
      waitUntil(
        options.timeout,
        (timeout) => control.waitForMessage({ user, chat, timeout }),
        options.match ?? (() => true),
        () => `no ${options.match ? 'matching ' : ''}message reached ${record.phone_number} in ${chat}`,
      ),
    messages: (chat, limit) => control.listMessages({ user, chat, limit }),
  };
}

/**
 * Calls a waiting route of the control API again and again, each time for what is left of the
 * deadline (whole seconds, at least one), until an answer passes `accept`. The server's
 * `WAIT_TIMEOUT` and a deadline passed between two answers both end in the same 408 error.
 */
async function waitUntil<T>(
  timeoutMs: number | undefined,
  wait: (seconds: number) => Promise<T>,
  accept: (answer: T) => boolean,
  what: () => string,
): Promise<T> {
  const total = timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const deadline = Date.now() + total;
  const timedOut = () => new ControlApiError(408, 'WAIT_TIMEOUT', `${what()} within ${total} ms`);
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) throw timedOut();
    let answer: T;
    try {
      answer = await wait(Math.min(300, Math.max(1, Math.ceil(left / 1000))));
    } catch (error) {
      if (error instanceof ControlApiError && error.error === 'WAIT_TIMEOUT') throw timedOut();
      throw error;
    }
    if (accept(answer)) return answer;
  }
}

/** Milliseconds to the control API's whole seconds (rounded up, 1-300); undefined stays undefined. */
function seconds(ms: number | undefined): number | undefined {
  return ms === undefined ? undefined : Math.min(300, Math.max(1, Math.ceil(ms / 1000)));
}

let phoneCounter = 0;
/** Fresh phone numbers of the `+1555` range, distinct across processes of one machine most of the time. */
function freshPhone(): string {
  phoneCounter += 1;
  const run = (process.pid % 10_000) * 1000 + (Math.floor(Date.now() / 1000) % 1000);
  return `+1555${String(run).padStart(7, '0')}${String(phoneCounter).padStart(3, '0')}`;
}
