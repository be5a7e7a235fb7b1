/** Parameters of the business methods (ADR 0049): the connection id, strict chat ids, message ids. */
import { botApiError } from './errors.js';
import type { MethodContext } from './method-context.js';

/** business_connection_id; an absent one is a connection that is not found. */
export function connectionIdOf({ params }: MethodContext): string {
  const id = params.string('business_connection_id');
  if (id === undefined) throw botApiError('BUSINESS_CONNECTION_NOT_FOUND');
  return id;
}

/** A business method's chat_id: an integer, read strictly (reference §1.4). */
export function strictChatId({ params }: MethodContext): number {
  const value = params.string('chat_id');
  if (value === undefined || !/^-?\d+$/.test(value.trim())) throw botApiError('BUSINESS_CHAT_ID_INVALID');
  return Number(value.trim());
}

/** message_ids of deleteBusinessMessages: 1-100 integers, as deleteMessages reads them. */
export function messageIdsOf({ params }: MethodContext): number[] {
  const ids = params.parsedJson('message_ids', 'message identifiers');
  if (!Array.isArray(ids) || ids.length === 0) throw botApiError('MESSAGE_IDENTIFIERS_NOT_SPECIFIED');
  if (ids.length > 100) throw botApiError('TOO_MANY_MESSAGE_IDENTIFIERS_TO_DELETE');
  return ids.map((id: unknown) => {
    if (typeof id !== 'number' && !(typeof id === 'string' && /^\d+$/.test(id))) {
      throw botApiError('MESSAGE_IDENTIFIER_NOT_AN_INTEGER');
    }
    return Number(id);
  });
}

/** user_id of the managed-bot methods: a bot this bot manages, else "invalid user_id specified". */
export function managedUserId({ params }: MethodContext): number {
  const id = params.int('user_id');
  if (id === undefined || id <= 0) throw botApiError('USER_ID_INVALID');
  return id;
}
