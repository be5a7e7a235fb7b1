/**
 * A normalised chat (normalise.ts) as readable text, one entry per message (ADR 0059):
 *
 *     Alice: /start
 *     Helper: Hello! [buttons: Count | Help]
 *       (edited)
 *     Alice joined
 *     Alice pinned #3
 *
 * A message is `Sender: content`; media show as `[photo]`, `[document report.pdf]` and the like,
 * with the caption after them; inline keyboards as `[buttons: A | B / C]` (rows split by `/`), reply
 * keyboards as `[keyboard: ...]`; a reply starts `(reply to #2)`, a forward `(forwarded from Bob)`.
 * Further lines of a text are indented by two spaces. Service messages are short lines.
 */
import type { Json, NormalisedMessage } from './normalise.js';

type Obj = { [key: string]: Json };

function obj(value: Json | undefined): Obj | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
}
function str(value: Json | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
function list(value: Json | undefined): Json[] {
  return Array.isArray(value) ? value : [];
}

function personName(user: Obj | undefined): string {
  if (!user) return 'Someone';
  const first = str(user.first_name) ?? str(user.title) ?? 'Someone';
  const last = str(user.last_name);
  return last ? `${first} ${last}` : first;
}

/** Who the message is from, as the chat shows it. */
function senderName(message: Obj): string {
  const senderChat = obj(message.sender_chat);
  if (senderChat) return str(senderChat.title) ?? personName(senderChat);
  if (message.from) return personName(obj(message.from));
  return str(obj(message.chat)?.title) ?? personName(obj(message.chat));
}

function names(users: Json[]): string {
  return users.map((user) => personName(obj(user))).join(', ');
}

function sameUser(a: Obj | undefined, b: Obj | undefined): boolean {
  return a !== undefined && b !== undefined && a.id !== undefined && a.id === b.id;
}

/** The line of a service message, or undefined when the message has content. */
function serviceLine(message: Obj): string | undefined {
  const who = senderName(message);
  const from = obj(message.from);
  const members = list(message.new_chat_members);
  if (members.length > 0) {
    return members.length === 1 && sameUser(obj(members[0]), from)
      ? `${who} joined`
      : `${who} added ${names(members)}`;
  }
  const left = obj(message.left_chat_member);
  if (left) return sameUser(left, from) ? `${who} left` : `${who} removed ${personName(left)}`;
  if (message.new_chat_title !== undefined) {
    return `${who} changed the title to "${str(message.new_chat_title) ?? ''}"`;
  }
  if (message.new_chat_photo !== undefined) return `${who} changed the chat photo`;
  if (message.delete_chat_photo !== undefined) return `${who} removed the chat photo`;
  const title = str(obj(message.chat)?.title) ?? '';
  if (message.group_chat_created !== undefined || message.supergroup_chat_created !== undefined) {
    return `${who} created the group "${title}"`;
  }
  if (message.channel_chat_created !== undefined) return `${who} created the channel "${title}"`;
  const pinned = obj(message.pinned_message);
  if (pinned) return `${who} pinned ${str(pinned.message_id) ?? '#?'}`;
  if (message.migrate_to_chat_id !== undefined) return 'The group became a supergroup';
  if (message.migrate_from_chat_id !== undefined) return 'The supergroup was made from a group';
  const topic = obj(message.forum_topic_created);
  if (topic) return `${who} created the topic "${str(topic.name) ?? ''}"`;
  // Bot API 10.2 communities (ADR 0077).
  const community = obj(obj(message.community_chat_added)?.community);
  if (community) return `${who} added the chat to the community "${str(community.name) ?? ''}"`;
  if (message.community_chat_removed !== undefined) return `${who} removed the chat from its community`;
  const joinedFrom = obj(obj(message.community_chat_joined)?.community);
  if (joinedFrom) return `${who} joined from the community "${str(joinedFrom.name) ?? ''}"`;
  return undefined;
}

/** Fields of a Message that are not its content. */
const META = new Set([
  'message_id',
  'message_thread_id',
  'from',
  'sender_chat',
  'sender_boost_count',
  'sender_business_bot',
  'date',
  'edit_date',
  'chat',
  'forward_origin',
  'is_topic_message',
  'is_automatic_forward',
  'reply_to_message',
  'external_reply',
  'quote',
  'reply_to_story',
  'via_bot',
  'has_protected_content',
  'is_from_offline',
  'media_group_id',
  'author_signature',
  'entities',
  'caption',
  'caption_entities',
  'show_caption_above_media',
  'has_media_spoiler',
  'link_preview_options',
  'effect_id',
  'reply_markup',
  'business_connection_id',
  'paid_star_count',
]);

function mediaLabel(kind: string, value: Json): string {
  const media = obj(value);
  switch (kind) {
    case 'document':
    case 'animation':
      return str(media?.file_name) ? `[${kind} ${str(media?.file_name)}]` : `[${kind}]`;
    case 'audio': {
      const title = [str(media?.performer), str(media?.title)].filter(Boolean).join(' - ');
      return title ? `[audio ${title}]` : '[audio]';
    }
    case 'voice':
    case 'video':
    case 'video_note':
      return typeof media?.duration === 'number' ? `[${kind} ${media.duration}s]` : `[${kind}]`;
    case 'sticker':
      return str(media?.emoji) ? `[sticker ${str(media?.emoji)}]` : '[sticker]';
    case 'location':
      return `[location ${String(media?.latitude)}, ${String(media?.longitude)}]`;
    case 'venue':
      return `[venue "${str(media?.title) ?? ''}", ${str(media?.address) ?? ''}]`;
    case 'contact':
      return `[contact ${personName(media)} ${str(media?.phone_number) ?? ''}]`.replace(/ \]$/, ']');
    case 'dice':
      return `[dice ${str(media?.emoji) ?? ''} ${String(media?.value)}]`;
    case 'poll': {
      const options = list(media?.options).map((option) => str(obj(option)?.text) ?? '');
      const quiz = media?.type === 'quiz' ? 'quiz' : 'poll';
      return `[${quiz} "${str(media?.question) ?? ''}": ${options.join(' | ')}]`;
    }
    case 'game':
      return `[game ${str(media?.title) ?? ''}]`;
    case 'invoice':
      return `[invoice "${str(media?.title) ?? ''}" ${String(media?.total_amount)} ${str(media?.currency) ?? ''}]`;
    default:
      return `[${kind}]`;
  }
}

function buttonRows(rows: Json | undefined): string {
  return list(rows)
    .map((row) =>
      list(row)
        .map((button) => str(obj(button)?.text) ?? '')
        .join(' | '),
    )
    .join(' / ');
}

function markup(message: Obj): string {
  const replyMarkup = obj(message.reply_markup);
  if (!replyMarkup) return '';
  if (replyMarkup.inline_keyboard) return ` [buttons: ${buttonRows(replyMarkup.inline_keyboard)}]`;
  if (replyMarkup.keyboard) return ` [keyboard: ${buttonRows(replyMarkup.keyboard)}]`;
  return '';
}

function content(message: Obj): string {
  const parts: string[] = [];
  const reply = obj(message.reply_to_message);
  if (reply) parts.push(`(reply to ${str(reply.message_id) ?? '#?'})`);
  const origin = obj(message.forward_origin);
  if (origin) {
    const source = obj(origin.sender_user) ?? obj(origin.chat) ?? obj(origin.sender_chat);
    const name = source ? personName(source) : (str(origin.sender_user_name) ?? 'someone');
    parts.push(`(forwarded from ${name})`);
  }
  const via = obj(message.via_bot);
  if (via) parts.push(`(via @${str(via.username) ?? ''})`);
  for (const [key, value] of Object.entries(message)) {
    if (META.has(key)) continue;
    parts.push(key === 'text' ? (str(value) ?? '') : mediaLabel(key, value));
  }
  const caption = str(message.caption);
  if (caption !== undefined) parts.push(caption);
  return parts.join(' ') + markup(message);
}

/** The transcript's text: one entry per message, each ending with a newline. */
export function renderTranscript(messages: readonly NormalisedMessage[]): string {
  let text = '';
  for (const message of messages) {
    const service = serviceLine(message);
    const line = service ?? `${senderName(message)}: ${content(message)}`;
    text += `${line.split('\n').join('\n  ')}\n`;
    if (message.edit_date !== undefined) text += '  (edited)\n';
  }
  return text;
}
