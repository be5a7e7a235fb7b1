/**
 * The parameters forwardMessage(s) and copyMessage(s) share: the source chat and the message
 * identifiers, read as the reference reads them (reference Appendix B; texts from its
 * get_required_string_arg, get_message_id and get_message_ids).
 */
import { botApiError } from './errors.js';
import type { MethodContext } from './method-context.js';
import { lenientInteger } from './params.js';
import { readSendOptions } from './send-options.js';
import type { ForwardRequest } from '../platform/messages/forwards.js';

/** forwardMessages and copyMessages take at most this many identifiers. */
export const MAX_MESSAGE_IDS = 100;

/** from_chat_id: required; a numeric id or the @username of a supergroup or channel. */
export async function fromChatId({ platform, params }: MethodContext): Promise<number> {
  const value = params.string('from_chat_id')?.trim();
  if (value === undefined || value === '') throw botApiError('PARAMETER_REQUIRED', { name: 'from_chat_id' });
  if (!value.startsWith('@')) return lenientInteger(value);
  const chat = await platform.deps.store.getChatByUsername(value.slice(1));
  if (!chat || chat.id === null || (chat.type !== 'supergroup' && chat.type !== 'channel')) {
    throw botApiError('CHAT_NOT_FOUND');
  }
  return chat.id;
}

/** message_id read leniently; a negative one names no message (0). */
export function messageIdParam({ params }: MethodContext, name = 'message_id'): number {
  return Math.max(0, params.int(name) ?? 0);
}

/** message_ids: a JSON array of 1-100 positive integers (numbers or numeric strings). */
export function messageIdsParam({ params }: MethodContext): number[] {
  const text = params.string('message_ids');
  if (text === undefined) throw botApiError('MESSAGE_IDENTIFIERS_NOT_SPECIFIED');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw botApiError('JSON_UNPARSABLE', { object: 'message_ids' });
  }
  if (!Array.isArray(value)) throw botApiError('ARRAY_EXPECTED', { of: 'message identifiers' });
  if (value.length > MAX_MESSAGE_IDS) throw botApiError('TOO_MANY_MESSAGE_IDENTIFIERS');
  const ids = value.map((item: unknown) => {
    if (typeof item !== 'number' && typeof item !== 'string') {
      throw botApiError('MESSAGE_IDENTIFIER_NOT_A_NUMBER');
    }
    const text = String(item);
    if (!/^-?\d+$/.test(text) || Math.abs(Number(text)) > 2 ** 31 - 1) {
      throw botApiError('MESSAGE_IDENTIFIER_UNPARSABLE');
    }
    const id = Number(text);
    if (id <= 0) throw botApiError('MESSAGE_IDENTIFIER_INVALID');
    return id;
  });
  if (ids.length === 0) throw botApiError('MESSAGE_IDENTIFIERS_NOT_SPECIFIED');
  // The docs ask for a strictly increasing order; Parley sends them in that order whatever is given.
  return [...new Set(ids)].sort((a, b) => a - b);
}

/**
 * The send options of a forward or copy. A forward takes protection and silence only: it has no
 * reply and keeps no keyboard (MTProto's forwardMessages has neither).
 */
export async function forwardOptions(
  ctx: MethodContext,
  mode: ForwardRequest['mode'],
): Promise<{ chatId: number; extra: ForwardRequest['extra']; replyTo: ForwardRequest['replyTo'] }> {
  const options = await readSendOptions(ctx);
  if (mode === 'copy') return { chatId: options.chatId, extra: options.content, replyTo: options.replyTo };
  const { has_protected_content: protect, _silent: silent, _thread: thread } = options.content;
  return {
    chatId: options.chatId,
    extra: {
      ...(protect ? { has_protected_content: protect } : {}),
      ...(silent ? { _silent: silent } : {}),
      ...(thread !== undefined ? { _thread: thread } : {}),
    },
    replyTo: undefined,
  };
}
