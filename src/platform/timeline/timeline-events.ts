/**
 * The timeline's rows (ports/timeline.ts, ADR 0099), built where the work is done: a Bot API call, an
 * update queued, an update handed over, a person's action, a fault, a gateway request. Each builder
 * redacts (redact.ts) and reads the chat and the person from what it is given, never from the store.
 */
import type { NewTimelineEvent } from '../../storage/ports/timeline.js';
import { redactJson, redactText } from './redact.js';

type Json = Record<string, unknown>;

function object(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
}

function id(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : null;
}

/**
 * A parameter's numeric id (`"-100123"`, spaces around it allowed), or null for a username or
 * nothing: an optional `-` and 1-19 digits that make a safe integer. Read on every call: a loop over
 * the characters rather than a regular expression.
 */
export function paramId(value: string | undefined): number | null {
  if (value === undefined) return null;
  const text = value.trim();
  let i = text.charCodeAt(0) === 45 ? 1 : 0;
  const digits = text.length - i;
  if (digits < 1 || digits > 19) return null;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return null;
  }
  const number = Number(text);
  return Number.isSafeInteger(number) ? number : null;
}

/** The chat and the person of an update's object (a message, a callback query, a reaction, ...). */
export function updateParties(payload: unknown): { chat: number | null; person: number | null } {
  const body = object(payload);
  if (!body) return { chat: null, person: null };
  const chat = object(body.chat) ?? object(object(body.message)?.chat);
  const person = object(body.from) ?? object(body.user) ?? object(body.sender_user);
  return { chat: id(chat?.id), person: id(person?.id) };
}

/** Words of an update's object for the summary: its text or data, cut short. */
/**
 * A value's JSON for a row; one nested too deeply to write (a request of thousands of nested
 * arrays, which the APIs refuse or read as text) is recorded as a note: recording never fails the
 * work it records.
 */
function jsonOf(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch {
    return JSON.stringify('<not recorded: nested too deeply>');
  }
}

function gist(payload: unknown): string {
  const body = object(payload);
  const text = body?.text ?? body?.data ?? body?.caption ?? body?.query;
  return typeof text === 'string'
    ? ` "${redactText(text.length > 80 ? `${text.slice(0, 80)}…` : text)}"`
    : '';
}

export interface CallFacts {
  at: number;
  botId: number;
  method: string;
  /** The parameters' JSON text as the call recorded them (bot-api's `Params.recordText`). */
  request: string;
  /** The chat_id and user_id parameters as given, for the row's chat and person. */
  chatId: string | undefined;
  userId: string | undefined;
  status: number;
  /** The answer's JSON text. */
  body: string;
  durationMs: number;
}

/** The `description` of a refusal's answer (`{"ok":false,"error_code":400,"description":"..."}`). */
const DESCRIPTION = /"description":"((?:[^"\\]|\\.)*)"/;

/** A Bot API call: its texts are kept as they were (redacted where they hold a secret, capped). */
export function callEvent(call: CallFacts): NewTimelineEvent {
  const ok = call.status === 200;
  let description = '';
  if (!ok) {
    const match = DESCRIPTION.exec(call.body);
    description = match ? `: ${redactText(match[1]!)}` : '';
  }
  return {
    at: call.at,
    kind: 'call',
    name: call.method,
    bot_id: call.botId,
    chat_id: paramId(call.chatId),
    person_id: paramId(call.userId),
    status: ok ? 'ok' : 'error',
    summary: `${call.method} → ${call.status}${description}`,
    duration_ms: Math.max(0, Math.round(call.durationMs)),
    request: redactJson(call.request),
    answer: redactJson(call.body),
  };
}

export function updateEvent(
  at: number,
  botId: number,
  updateId: number,
  type: string,
  payload: unknown,
  /** The payload's JSON text when made already (the queued row's), so that it is not made twice. */
  payloadJson?: string,
): NewTimelineEvent {
  const { chat, person } = updateParties(payload);
  // As `JSON.stringify({ update_id, [type]: payload })` writes it (a type is a plain name).
  const update =
    payloadJson === undefined
      ? jsonOf({ update_id: updateId, [type]: payload })
      : `{"update_id":${updateId},${JSON.stringify(type)}:${payloadJson}}`;
  return {
    at,
    kind: 'update',
    name: type,
    bot_id: botId,
    chat_id: chat,
    person_id: person,
    status: 'queued',
    summary: `update ${updateId} ${type}${gist(payload)}`,
    duration_ms: null,
    request: null,
    answer: redactJson(update),
  };
}

export interface DeliveryFacts {
  at: number;
  botId: number;
  updateId: number;
  type: string;
  /** The update's object, or its JSON text. */
  payload: unknown;
  via: 'getUpdates' | 'webhook';
  status: 'delivered' | 'failed' | 'lost';
  /** The webhook's answer status or error, for the summary. */
  detail?: string | undefined;
  durationMs?: number | undefined;
}

export function deliveryEvent(facts: DeliveryFacts): NewTimelineEvent {
  let parsed = facts.payload;
  if (typeof parsed === 'string') {
    try {
      parsed = JSON.parse(parsed);
    } catch {
      parsed = undefined;
    }
  }
  const { chat, person } = updateParties(parsed);
  return {
    at: facts.at,
    kind: 'delivery',
    name: facts.type,
    bot_id: facts.botId,
    chat_id: chat,
    person_id: person,
    status: facts.status,
    summary: `update ${facts.updateId} ${facts.type}${gist(parsed)} ${facts.status} by ${facts.via}${
      facts.detail ? ` (${redactText(facts.detail)})` : ''
    }`,
    duration_ms: facts.durationMs === undefined ? null : Math.max(0, Math.round(facts.durationMs)),
    request: null,
    answer: null,
  };
}

export interface ActionFacts {
  at: number;
  /** The control route's id (`sendMessage`, `pressButton`, ...). */
  route: string;
  input: Readonly<Record<string, unknown>>;
  status: number;
  answer: string;
  durationMs: number;
}

/** A person's action (a control API call that changes something). */
export function actionEvent(action: ActionFacts): NewTimelineEvent {
  const input = action.input;
  const ref = (value: unknown) =>
    typeof value === 'number' ? value : typeof value === 'string' ? paramId(value) : null;
  return {
    at: action.at,
    kind: 'action',
    name: action.route,
    bot_id: ref(input.bot),
    chat_id: ref(input.chat ?? input.chat_id),
    person_id: ref(input.user ?? input.as ?? input.from),
    status: action.status < 400 ? 'ok' : 'error',
    summary: `${action.route} → ${action.status}${gist(input)}`,
    duration_ms: Math.max(0, Math.round(action.durationMs)),
    request: redactJson(jsonOf(input)),
    answer: redactJson(action.answer),
  };
}

/** What a fault rule that fired does, as its event's summary says it (ADR 0058, 0099). */
export interface FaultEffect {
  latencyMs?: number | undefined;
  drop?: boolean | undefined;
  /** The status (and for the gateway the error code) the call or attempt is answered with. */
  answered?: string | undefined;
}

/** `delayed 50 ms, answered 502`, `the connection closed`, ... */
export function faultEffect(effect: FaultEffect): string {
  const parts: string[] = [];
  if (effect.latencyMs) parts.push(`delayed ${effect.latencyMs} ms`);
  if (effect.drop) parts.push('the connection closed');
  else if (effect.answered !== undefined) parts.push(`answered ${effect.answered}`);
  return parts.join(', ');
}

export function faultEvent(
  at: number,
  botId: number | null,
  target: string,
  detail: string,
): NewTimelineEvent {
  return {
    at,
    kind: 'fault',
    name: target,
    bot_id: botId,
    chat_id: null,
    person_id: null,
    status: 'fired',
    summary: `fault on ${target}: ${redactText(detail)}`,
    duration_ms: null,
    request: null,
    answer: null,
  };
}

export interface GatewayFacts {
  at: number;
  method: string;
  params: Readonly<Record<string, unknown>>;
  status: number;
  body: string;
  durationMs: number;
}

/** A gateway API call (a verification request, a status check, ...), its code redacted. */
export function gatewayEvent(call: GatewayFacts): NewTimelineEvent {
  return {
    at: call.at,
    kind: 'gateway',
    name: call.method,
    bot_id: null,
    chat_id: null,
    person_id: null,
    status: call.status < 400 && !call.body.includes('"ok":false') ? 'ok' : 'error',
    summary: `${call.method} → ${call.status}`,
    duration_ms: Math.max(0, Math.round(call.durationMs)),
    request: redactJson(jsonOf(call.params)),
    answer: redactJson(call.body),
  };
}

export interface ReportFacts {
  at: number;
  requestId: string;
  attempt: number;
  outcome: 'delivered' | 'failed' | 'lost';
  statusCode: number | null;
  error: string | null;
  /** The report's JSON body as sent. */
  body: string;
}

/** A gateway delivery report's attempt to reach the account's callback URL (its body redacted). */
export function reportEvent(report: ReportFacts): NewTimelineEvent {
  const detail = report.error ?? (report.statusCode === null ? '' : `HTTP ${report.statusCode}`);
  return {
    at: report.at,
    kind: 'gateway',
    name: 'deliveryReport',
    bot_id: null,
    chat_id: null,
    person_id: null,
    status: report.outcome,
    summary: `report of ${report.requestId} (attempt ${report.attempt}) ${report.outcome}${
      detail ? ` (${redactText(detail)})` : ''
    }`,
    duration_ms: null,
    request: redactJson(report.body),
    answer: null,
  };
}
