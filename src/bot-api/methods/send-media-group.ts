import { defineMethod } from '../define-method.js';
import { BotApiError, botApiError, withoutPrefix } from '../errors.js';
import { acquireFile, generatedThumbnail, prepareFile, storeThumbnail } from '../input-file.js';
import { readInputMediaList, type InputMediaItem } from '../input-media.js';
import type { MethodContext } from '../method-context.js';
import { checkChat } from '../send-media.js';
import { acquireMedia, mediaContent } from '../send-media-file.js';
import { readSendOptions } from '../send-options.js';
import { acquirePhoto } from './send-photo.js';
import { newMediaGroupId } from '../../platform/messages/forwards.js';
import { renderDocument } from '../../platform/messages/media.js';
import type { MessageContent, WireMessage } from '../../platform/core/wire-types.js';

/**
 * sendMediaGroup: photos and videos, or documents only, or audio files only, sent as one album
 * sharing a media_group_id; answers an Array of Message. reply_markup is ignored, as by the
 * reference. Every item and the chat are checked before any file or message is stored; a single
 * item is sent as an ordinary message outside any album, as TDLib does. Texts: the reference's
 * get_input_message_contents and TDLib's send_message_group. spec/bot-api.md "InputMedia";
 * reference Appendix B, §6.3. The runner has refused an album of no item or of more than 10 (TDLib
 * MAX_GROUPED_MESSAGES), with these texts (ADR 0084).
 */
export const sendMediaGroup = defineMethod('sendMediaGroup', async (ctx) => {
  const { platform } = ctx;
  // `media` is JSON: its own reader, which reads each item's attach:// files as well.
  const items = readInputMediaList(ctx);
  const options = await readSendOptions(ctx);
  const bot = await checkChat(ctx, options);
  for (const kind of ['document', 'audio'] as const) {
    if (items.some((item) => item.type === kind) && items.some((item) => item.type !== kind)) {
      throw botApiError('ALBUM_MEDIA_NOT_MIXABLE', { media: kind });
    }
  }

  // Files first, all of them, so that an item that fails stores no message of the album.
  const contents: MessageContent[] = [];
  for (const [index, item] of items.entries()) {
    try {
      contents.push(await itemContent(ctx, item));
    } catch (error) {
      if (!(error instanceof BotApiError) || error.code !== 400) throw error;
      // TDLib reports a failed item by its position, with its own (capitalised) text.
      const text = withoutPrefix(error);
      throw botApiError('ALBUM_ITEM_FAILED', {
        position: index + 1,
        error: `${text.charAt(0).toUpperCase()}${text.slice(1)}`,
      });
    }
  }
  const group = contents.length > 1 ? { media_group_id: newMediaGroupId(platform.deps.random.bytes(8)) } : {};
  // Keyboards are not sent with albums: only protection and silence apply.
  const { reply_markup: _markup, _client_markup: _client, ...extra } = options.content;
  const sent: WireMessage[] = [];
  for (const content of contents) {
    sent.push(
      await platform.messages.sendFromBot(
        bot,
        options.chatId,
        { ...group, ...content, ...extra },
        options.replyTo,
      ),
    );
  }
  return sent;
});

/** The content of one InputMedia item, its file stored or found (also editMessageMedia's). */
export async function itemContent(ctx: MethodContext, item: InputMediaItem): Promise<MessageContent> {
  let content: MessageContent;
  if (item.type === 'photo') {
    content = { photo: await acquirePhoto(ctx, item.input) };
  } else if (item.type === 'document') {
    const stored = await acquireFile(ctx, item.input, 'document', prepareFile('document'));
    const thumbnail =
      (await storeThumbnail(ctx, item.thumbnail)) ?? (await generatedThumbnail(ctx, stored.file));
    content = { document: renderDocument(stored, thumbnail) };
  } else {
    const kind = item.type;
    const acquired = await acquireMedia(ctx, item.input, kind);
    const thumbnail = await storeThumbnail(ctx, item.thumbnail);
    content = await mediaContent(ctx, acquired, item.attributes, thumbnail);
  }
  Object.assign(content, item.caption);
  if (item.caption.caption !== undefined && item.showCaptionAboveMedia && item.type !== 'document') {
    content.show_caption_above_media = true;
  }
  if (item.hasSpoiler && (item.type === 'photo' || item.type === 'video')) content.has_media_spoiler = true;
  return content;
}
