/**
 * A `text_mention` entity carries the whole User it names (spec MessageEntity.user: User), rendered
 * when the message is read, as the reference does (Client.cpp JsonUser: id, is_bot and first_name
 * always; a user it does not know is `is_bot: false` with an empty first_name). The stored entity
 * keeps only the id, so a later change of name shows in every message that mentions the user.
 */
import { renderUser } from '../users/users.js';
import type { WireEntity, WireUser } from '../core/wire-types.js';
import type { MessageEntity } from '../../wire/bot-api-types.js';
import type { UsersReader } from '../../storage/ports/users.js';

/**
 * Stored entities typed as the wire's: a text_mention's user is still `{ id }` here, and
 * fillMentionedUsers or fillPollMentions makes it the whole User before the object is answered (the
 * Poll of stopPoll and of poll updates goes through fillPollMentions; a poll option's text allows
 * custom emoji only). The one place that says so.
 */
export function mentionsFilledLater(entities: WireEntity[]): MessageEntity[] {
  return entities as MessageEntity[];
}

/** The fields of a message body and of a Poll that hold entities. */
const ENTITY_FIELDS = ['entities', 'caption_entities'] as const;
const POLL_ENTITY_FIELDS = ['question_entities', 'explanation_entities', 'description_entities'] as const;

function hasMention(entities: unknown): entities is WireEntity[] {
  if (!Array.isArray(entities)) return false;
  for (const entity of entities as WireEntity[]) if (entity.type === 'text_mention') return true;
  return false;
}

async function renderMentions(reader: UsersReader, entities: WireEntity[]): Promise<WireEntity[]> {
  return Promise.all(
    entities.map(async (entity) => {
      if (entity.type !== 'text_mention' || entity.user === undefined) return entity;
      const id = entity.user.id;
      const row = await reader.getUser(id);
      const user: WireUser = row ? renderUser(row) : { id, is_bot: false, first_name: '' };
      return { ...entity, user };
    }),
  );
}

/**
 * Fills the users of the text_mention entities of `target` (a message body being rendered, or a
 * Poll) in place, for the fields `fields`. A body without such an entity costs one scan.
 */
async function fill(
  reader: UsersReader,
  target: Record<string, unknown>,
  fields: readonly string[],
): Promise<void> {
  for (const field of fields) {
    const entities = target[field];
    if (hasMention(entities)) target[field] = await renderMentions(reader, entities);
  }
}

/** The users of a rendered message's mentions: its text, caption and poll. */
export async function fillMentionedUsers(
  reader: UsersReader,
  message: Record<string, unknown>,
): Promise<void> {
  await fill(reader, message, ENTITY_FIELDS);
  if (message.poll !== null && typeof message.poll === 'object') {
    message.poll = await fillPollMentions(reader, message.poll);
  }
}

/** The users of a Poll's mentions (poll updates, stopPoll's answer): a copy, or the Poll itself. */
export async function fillPollMentions<T extends object>(reader: UsersReader, poll: T): Promise<T> {
  const fields = poll as Record<string, unknown>;
  if (!POLL_ENTITY_FIELDS.some((field) => hasMention(fields[field]))) return poll;
  const copy = { ...fields };
  await fill(reader, copy, POLL_ENTITY_FIELDS);
  return copy as T;
}
