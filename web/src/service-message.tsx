/**
 * Service messages (spec Message: new_chat_members, left_chat_member, new_chat_title,
 * group_chat_created, community_chat_added, ...) as one short centered line, e.g. "Alice added Helper".
 */
import type { Message, User } from './api.js';

function name(user: User | undefined): string {
  if (!user) return 'Someone';
  return (
    [user.first_name, user.last_name].filter(Boolean).join(' ') ||
    (user.username ? `@${user.username}` : 'Someone')
  );
}

function names(users: User[]): string {
  const all = users.map(name);
  return all.length <= 1 ? (all[0] ?? '') : `${all.slice(0, -1).join(', ')} and ${all.at(-1)}`;
}

/** The line a service message shows, or null for an ordinary message. */
export function serviceText(message: Message): string | null {
  const actor = message.from;
  const who = message.sender_chat && !actor ? (message.sender_chat.title ?? 'The channel') : name(actor);
  const noun = message.chat.type === 'channel' ? 'channel' : 'group';
  const joined = message.new_chat_members as User[] | undefined;
  if (joined) {
    if (joined.length === 1 && joined[0]!.id === actor?.id) return `${who} joined the ${noun}`;
    return `${who} added ${names(joined)}`;
  }
  const left = message.left_chat_member as User | undefined;
  if (left) return left.id === actor?.id ? `${who} left the ${noun}` : `${who} removed ${name(left)}`;
  if (typeof message.new_chat_title === 'string')
    return `${who} changed the ${noun} name to "${message.new_chat_title}"`;
  if (message.new_chat_photo) return `${who} changed the ${noun} photo`;
  if (message.delete_chat_photo) return `${who} removed the ${noun} photo`;
  if (message.group_chat_created || message.supergroup_chat_created)
    return `${who} created the group "${message.chat.title ?? ''}"`;
  if (message.channel_chat_created) return `Channel "${message.chat.title ?? ''}" created`;
  if (message.migrate_to_chat_id) return 'The group was upgraded to a supergroup';
  if (message.migrate_from_chat_id) return 'The supergroup was upgraded from a group';
  if (message.pinned_message) return `${who} pinned a message`;
  // Communities (Bot API 10.2, ADR 0077): the chat joined or left its owner's community.
  const added = message.community_chat_added as { community: { name: string } } | undefined;
  if (added) return `${who} added the ${noun} to the community "${added.community.name}"`;
  if (message.community_chat_removed) return `${who} removed the ${noun} from its community`;
  // Bot API 10.3 (ADR 0096): a person joined from the chat's community.
  const joinedFrom = message.community_chat_joined as { community: { name: string } } | undefined;
  if (joinedFrom) return `${who} joined from the community "${joinedFrom.community.name}"`;
  return null;
}

/** A service message in the chat history: a list item with its line, centered. */
export function ServiceLine({ message, text }: { message: Message; text: string }) {
  return (
    <li class="service-message" data-message-id={message.message_id}>
      <article>{text}</article>
    </li>
  );
}
