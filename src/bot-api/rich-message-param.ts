/**
 * What sendRichMessage and sendRichMessageDraft share (ADR 0051): the `rich_message` parameter
 * (InputRichMessage: `html`, `markdown` or, since 10.2, `blocks` with the `media` list; ADR 0088)
 * read and parsed into a RichMessage, and its media elements resolved to files the way the media
 * send methods take them (a file_id of this bot, an HTTP URL the server downloads, or
 * `attach://<part>` of a multipart request; an InputMedia object for blocks and `media` entries),
 * after checking that the bot may send each kind of media into the chat (the method's description:
 * "the bot must have the right to send the media").
 */
import { botApiError } from './errors.js';
import { acquireFile, inputFileOf, isFileId } from './input-file.js';
import type { MethodContext } from './method-context.js';
import { checkPhoto } from './methods/send-photo.js';
import { readRichInputMedia } from './input-media.js';
import { readRichBlocks, readRichMediaList } from './rich-blocks-param.js';
import { acquireMedia, mediaContent } from './send-media-file.js';
import { checkBotCanSend } from '../platform/chats/chat-access.js';
import type { MessageContent } from '../platform/core/wire-types.js';
import { renderPhotoSize } from '../platform/files/files.js';
import type { MediaKind } from '../platform/messages/media.js';
import {
  parseRichMessage,
  withMedia,
  withMentionedUsers,
  type ParsedRichMessage,
  type RichBlock,
  type RichMessage,
  type RichMediaSource,
} from '../platform/rich-messages/index.js';
import { renderUser } from '../platform/users/users.js';
import type { UserRow } from '../storage/store.js';

/** A guard on the source before parsing; the limit that counts is on the parsed text (32768). */
const MAX_SOURCE_BYTES = 256 * 1024;
const OBJECT = 'InputRichMessage';

/** Reads and parses `rich_message`; media stay placeholders until `resolveRichMedia`. */
export function readRichMessage(ctx: MethodContext, drafts: boolean): ParsedRichMessage {
  const value = ctx.params.parsedJson('rich_message', OBJECT);
  if (value === undefined) throw botApiError('PARAMETER_REQUIRED', { name: 'rich_message' });
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw botApiError('OBJECT_EXPECTED', { object: OBJECT });
  }
  const fields = value as Record<string, unknown>;
  const unparsable = (detail: string) => botApiError('UNPARSABLE', { object: OBJECT, detail });
  const string = (name: string) => {
    const field = fields[name];
    if (field === undefined || field === null) return undefined;
    if (typeof field !== 'string') throw unparsable(`Field "${name}" must be of type String`);
    return field;
  };
  const bool = (name: string) => {
    const field = fields[name];
    if (field === undefined || field === null) return false;
    if (typeof field !== 'boolean') throw unparsable(`Field "${name}" must be of type Boolean`);
    return field;
  };
  const html = string('html');
  const markdown = string('markdown');
  const blocks = fields.blocks ?? undefined;
  if ([html, markdown, blocks].filter((given) => given !== undefined).length !== 1) {
    throw unparsable('Exactly one of the fields "html", "markdown" and "blocks" must be specified');
  }
  if (blocks === undefined && Buffer.byteLength(html ?? markdown!) > MAX_SOURCE_BYTES) {
    throw botApiError('TEXT_TOO_LONG');
  }
  const media = readRichMediaList(fields.media);
  return parseRichMessage(
    {
      ...(blocks !== undefined
        ? { blocks: readRichBlocks(blocks) }
        : html !== undefined
          ? { html, media }
          : { markdown: markdown!, media }),
      isRtl: bool('is_rtl'),
      skipEntityDetection: bool('skip_entity_detection'),
    },
    { drafts },
  );
}

/** The media send permission each kind of media block needs (platform/chats/chat-access.ts). */
const PERMISSION_PROBE: Record<string, MessageContent> = {
  photo: { photo: [] },
  video: { video: {} },
  animation: { animation: {} },
  audio: { audio: {} },
  voice: { voice: {} },
};

/**
 * The final RichMessage: the bot's right to send each kind of media into the chat checked first
 * (so a refused call stores no file), then each media element's file, then the mentioned users.
 * `chatId` undefined: no chat to check (on behalf of a business account, a private chat).
 */
export async function resolveRichMedia(
  ctx: MethodContext,
  bot: UserRow,
  chatId: number | undefined,
  parsed: ParsedRichMessage,
): Promise<RichMessage> {
  const { platform } = ctx;
  // InputMedia objects (blocks, `media` entries) are read before anything is checked or stored.
  const items = parsed.media.map((source) =>
    source.input ? readRichInputMedia(ctx, source.input) : undefined,
  );
  const kinds = await Promise.all(parsed.media.map((source) => kindOf(ctx, source)));
  if (chatId !== undefined && kinds.length > 0) {
    const { store, clock } = platform.deps;
    const chat = await platform.chats.resolveForViewer(store, bot, chatId);
    for (const kind of new Set(kinds))
      await checkBotCanSend(store, chat, bot, clock.now(), PERMISSION_PROBE[kind]!);
  }
  const media: RichBlock[] = [];
  for (const [i, source] of parsed.media.entries()) {
    media.push(await mediaBlock(ctx, source, kinds[i]!, items[i]));
  }
  const users = new Map<number, unknown>();
  for (const id of new Set(parsed.mentionedUserIds)) {
    const user = await platform.deps.store.getUser(id);
    if (user) users.set(id, renderUser(user));
  }
  const blocks = withMentionedUsers(withMedia(parsed.message.blocks, media), (id) => users.get(id));
  return { ...parsed.message, blocks };
}

type RichMediaKind = 'photo' | MediaKind;

/** The kind of file a media element is: as its tag asks, or for a Markdown image a file_id's own kind. */
async function kindOf(ctx: MethodContext, source: RichMediaSource): Promise<RichMediaKind> {
  if (source.request === 'voice_note') return 'voice';
  if (source.request !== 'any') return source.request;
  const input = inputFileOf(ctx.params, source.src);
  if (!input || !isFileId(input) || !('ref' in input)) return 'photo';
  const stored = await ctx.platform.files.byFileId(ctx.botId, input.ref.trim());
  if (!stored) throw botApiError('FILE_REFERENCE_INVALID');
  const kind = stored.file.kind;
  if (kind === 'photo' || kind === 'video' || kind === 'animation' || kind === 'audio' || kind === 'voice') {
    return kind;
  }
  throw botApiError('FILE_TYPE_MISMATCH');
}

/**
 * The block of one media element; an InputMedia object (`item`) gives the file, its properties
 * (duration, size, performer, title) and `has_spoiler`; its caption is ignored, as documented.
 */
async function mediaBlock(
  ctx: MethodContext,
  source: RichMediaSource,
  kind: RichMediaKind,
  item: ReturnType<typeof readRichInputMedia> | undefined,
): Promise<RichBlock> {
  const input = item ? item.input : inputFileOf(ctx.params, source.src);
  if (!input) throw botApiError('FILE_REFERENCE_INVALID');
  const spoiler = item?.hasSpoiler && kind !== 'audio' && kind !== 'voice' ? { has_spoiler: true } : {};
  if (kind === 'photo') {
    const stored = await acquireFile(ctx, input, 'photo', checkPhoto);
    return { type: 'photo', photo: [renderPhotoSize(stored)], ...spoiler };
  }
  const given = item ? item.attributes : { duration: 0 };
  const content = await mediaContent(ctx, await acquireMedia(ctx, input, kind), given, undefined);
  return kind === 'voice'
    ? { type: 'voice_note', voice_note: content.voice }
    : { type: kind, [kind]: content[kind], ...spoiler };
}
