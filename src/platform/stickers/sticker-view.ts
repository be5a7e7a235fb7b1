/**
 * The Bot API's Sticker and StickerSet objects of stored stickers (key order as the reference
 * writes them). file_ids are left empty here and bound to each viewer afterwards (Files.bindFileIds,
 * ADR 0040), so one rendering serves a bot, a person or a message's recipients.
 */
import { formatOfMimeType } from './sticker-files.js';
import type { FileRow } from '../../storage/store.js';
import type { StickerRow, StickerSetRow, StickerType } from '../../storage/ports/stickers.js';

export type WireSticker = Record<string, unknown>;

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
export function photoSizeOf(file: FileRow, fileId = ''): Record<string, unknown> {
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
  const sticker: WireSticker = { width: file.width ?? 0, height: file.height ?? 0 };
  if (attributes.emoji) sticker.emoji = attributes.emoji;
  if (attributes.set_name) sticker.set_name = attributes.set_name;
  sticker.is_animated = format === 'animated';
  sticker.is_video = format === 'video';
  sticker.type = attributes.type;
  if (attributes.type === 'custom_emoji' && attributes.custom_emoji_id) {
    sticker.custom_emoji_id = attributes.custom_emoji_id;
    if (attributes.needs_repainting) sticker.needs_repainting = true;
  }
  if (attributes.type === 'mask' && attributes.mask_position) {
    sticker.mask_position = JSON.parse(attributes.mask_position) as unknown;
  }
  sticker.file_id = fileId;
  sticker.file_unique_id = file.unique_id;
  sticker.file_size = file.size;
  return sticker;
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
