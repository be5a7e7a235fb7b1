/**
 * RichMessage, RichBlock and RichText as the Bot API writes them (reference JSON 10.1, types
 * "RichMessage", "RichBlock*", "RichText*"), with snake_case fields as on the wire. Media blocks
 * come out of the parsers as `media` placeholders that name an entry of `ParsedRichMessage.media`;
 * the Bot API method resolves those to files and `withMedia` (rich-message.ts) puts them in.
 */

/** RichText: a plain string, an array of RichText, or a typed object. */
export type RichText = string | RichText[] | RichTextObject;

export interface RichTextObject {
  type: string;
  text?: RichText;
  [field: string]: unknown;
}

export interface RichBlock {
  type: string;
  [field: string]: unknown;
}

/** RichBlockCaption. */
export interface RichBlockCaption {
  text: RichText;
  credit?: RichText;
}

export interface RichMessage {
  blocks: RichBlock[];
  is_rtl?: true;
}

/**
 * What kind of media a media tag or image asks for: `<img>` a photo; `<video>` a video, or an
 * animation with `autoplay`; `<audio>` an audio, or a voice note with `voice`; a Markdown image any
 * kind (a file_id decides; a URL is a photo).
 */
export type RichMediaRequest = 'photo' | 'video' | 'animation' | 'audio' | 'voice_note' | 'any';

/**
 * A media element of the message: `src` is a file_id, an HTTP URL or `attach://<part>`; or, for a
 * block given as an object and a `tg://photo?id=` link to `InputRichMessage.media` (ADR 0088),
 * `input` is the InputMedia object the bot gave, which the Bot API layer reads as InputMedia.
 */
export interface RichMediaSource {
  request: RichMediaRequest;
  src: string;
  input?: Record<string, unknown>;
}

/** What a reader of InputRichMessage gives before the common pass of `parseRichMessage`. */
export interface ParsedBlocks {
  blocks: RichBlock[];
  media: RichMediaSource[];
  mentionedUserIds: number[];
}

/**
 * The placeholder block of a media element until its file is known: `media` is its index in
 * `ParsedRichMessage.media`.
 */
export interface PendingMediaBlock extends RichBlock {
  type: 'media';
  media: number;
  has_spoiler?: true;
  caption?: RichBlockCaption;
}

export interface ParsedRichMessage {
  message: RichMessage;
  media: RichMediaSource[];
  /** User ids of text mentions (`tg://user?id=`), whose `user` the caller fills in. */
  mentionedUserIds: number[];
}
