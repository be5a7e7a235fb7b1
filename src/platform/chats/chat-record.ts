/**
 * A group, supergroup or channel as the control API shows it (platform.groups.record): the chat and
 * its present members, with nothing hidden (no acting user).
 */
import type { ChatMember } from '../../wire/bot-api-types.js';
import { chatPermissions } from './chat-access.js';
import { memberState, renderChatMember } from './chat-rights.js';
import type { GroupContext } from './group-context.js';
import { PlatformError } from '../core/errors.js';
import type { ChatRow, MemberRow, UserRow } from '../../storage/store.js';

/**
 * A chat as the write that created it left it: its row, its members' rows (by user id, as
 * `listMembers` answers) and their users. Its record needs no read.
 */
export interface WrittenChat {
  chat: ChatRow;
  members: MemberRow[];
  users: ReadonlyMap<number, UserRow>;
}

export async function chatRecord(
  deps: GroupContext['deps'],
  ref: string | number | ChatRow | WrittenChat,
): Promise<Record<string, unknown>> {
  const { store, clock } = deps;
  const written = typeof ref === 'object' && 'members' in ref ? ref : undefined;
  const row = written ? written.chat : (ref as string | number | ChatRow);
  const text = String(typeof row === 'object' ? row.id : row).trim();
  const chat =
    typeof row === 'object'
      ? row
      : /^-\d+$/.test(text)
        ? await store.getChatById(Number(text))
        : await store.getChatByUsername(text.replace(/^@/, ''));
  if (!chat || chat.type === 'private')
    throw new PlatformError('CHAT_NOT_FOUND', `no group or channel "${text}"`);
  const members: ChatMember[] = [];
  for (const row of written?.members ?? (await store.listMembers(chat.pk))) {
    const state = memberState(row, clock.now());
    const user = written?.users.get(row.user_id) ?? (await store.getUser(row.user_id));
    if (user && state.status !== 'left') members.push(renderChatMember(user, state, chat.type, 0));
  }
  return {
    id: chat.id,
    type: chat.type,
    title: chat.title,
    ...(chat.username ? { username: chat.username } : {}),
    ...(chat.description ? { description: chat.description } : {}),
    ...(chat.type !== 'channel' ? { permissions: chatPermissions(chat) } : {}),
    ...(chat.migrated_to_id ? { migrated_to_chat_id: chat.migrated_to_id } : {}),
    ...(chat.type === 'supergroup' && chat.is_forum ? { is_forum: true } : {}),
    members,
  };
}
