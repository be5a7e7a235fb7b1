/**
 * The Bot API's Sticker and StickerSet objects of stored stickers (key order as the reference
 * writes them). file_ids are left empty here and bound to each viewer afterwards (Files.bindFileIds,
 * ADR 0040), so one rendering serves a bot, a person or a message's recipients.
 */
import type { MaskPosition, PhotoSize, Sticker } from '../../wire/bot-api-types.js';
import { formatOfMimeType } from './sticker-files.js';
import type { FileRow } from '../../storage/store.js';
import type { StickerRow, StickerSetRow, StickerType } from '../../storage/ports/stickers.js';

export type WireSticker = Sticker;

/** What a sticker shows besides its file. */
export interface StickerAttributes {
  type: StickerType;
  emoji?: string | undefined;
  set_name?: string | undefined;
  custom_emoji_id?: string | null | undefined;
  needs_repainting?: boolean | undefined;
  mask_position?: string | null | undefined;
}

/** The PhotoSize of a stored image (a set's thumbnail), its file_id to be bound. */
export function photoSizeOf(file: FileRow, fileId = ''): PhotoSize {
  return {
    file_id: fileId,
    file_unique_id: file.unique_id,
    file_size: file.size,
    width: file.width ?? 0,
    height: file.height ?? 0,
  };
}

export function renderSticker(file: FileRow, attributes: StickerAttributes, fileId = ''): WireSticker {
  const format = formatOfMimeType(file.mime_type);
  const customEmoji = attributes.type === 'custom_emoji' && attributes.custom_emoji_id;
  const mask = attributes.type === 'mask' && attributes.mask_position;
  return {
    width: file.width ?? 0,
    height: file.height ?? 0,
    ...(attributes.emoji ? { emoji: attributes.emoji } : {}),
    ...(attributes.set_name ? { set_name: attributes.set_name } : {}),
    is_animated: format === 'animated',
    is_video: format === 'video',
    type: attributes.type,
    ...(customEmoji ? { custom_emoji_id: customEmoji } : {}),
    ...(customEmoji && attributes.needs_repainting ? { needs_repainting: true } : {}),
    // Stored as the sticker's MaskPosition was read (sticker-input.ts).
    ...(mask ? { mask_position: JSON.parse(mask) as MaskPosition } : {}),
    file_id: fileId,
    file_unique_id: file.unique_id,
    file_size: file.size,
  };
}

/**
 * A sticker with the thumbnail Parley makes from its file (ADR 0086, 0097: a WEBP of at most 128),
 * placed before the file's fields as the reference's JsonSticker writes it, under both names
 * (`thumb`, the legacy one, as the reference still writes it). Without one, the sticker as it is:
 * the reference leaves out a thumbnail it has not got (an animated sticker's).
 */
export function withThumbnail(sticker: WireSticker, thumbnail: PhotoSize | undefined): WireSticker {
  if (!thumbnail) return sticker;
  const { file_id, file_unique_id, file_size, ...shown } = sticker;
  const withBoth = { ...shown, thumbnail, thumb: { ...thumbnail }, file_id, file_unique_id, file_size };
  return withBoth as WireSticker;
}

/** A sticker of a set, with the set's name and type. */
export function renderSetSticker(
  file: FileRow,
  row: StickerRow,
  set: StickerSetRow,
  fileId = '',
): WireSticker {
  const emoji = (JSON.parse(row.emoji_list) as string[])[0];
  return renderSticker(
    file,
    {
      type: set.sticker_type,
      emoji,
      set_name: set.name,
      custom_emoji_id: row.custom_emoji_id,
      needs_repainting: set.needs_repainting,
      mask_position: row.mask_position,
    },
    fileId,
  );
}
