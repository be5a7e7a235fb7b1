/**
 * `tg://photo?id=`, `tg://video?id=` and `tg://audio?id=` links of an HTML or Markdown rich message
 * (Bot API 10.2, InputRichMessage.media; ADR 0088): each names an entry of the message's `media`
 * list, whose InputMedia object becomes the media element. The link's kind must fit the entry's
 * type (a photo link a photo; a video link a video or an animation; an audio link an audio or a
 * voice note), and a tag its link (`<img>` a photo link, `<video>` a video link, `<audio>` an audio
 * link; a Markdown image any).
 */
import { entityParseError } from '../formatting/formatting-error.js';
import type { RichMediaRequest, RichMediaSource } from './rich-types.js';

const LINK = /^tg:\/\/(photo|video|audio)\?id=([^&#]*)$/i;

/** The media types each link kind may name. */
const FITS: Record<string, readonly RichMediaRequest[]> = {
  photo: ['photo'],
  video: ['video', 'animation'],
  audio: ['audio', 'voice_note'],
};
/** The link kind each tag asks for. */
const TAG_LINK: Record<RichMediaRequest, string | undefined> = {
  photo: 'photo',
  video: 'video',
  animation: 'video',
  audio: 'audio',
  voice_note: 'audio',
  any: undefined,
};

/** Whether `src` is a link to the `media` list rather than a file_id, URL or attach:// part. */
export function isMediaLink(src: string): boolean {
  return /^tg:\/\/(photo|video|audio)\?/i.test(src);
}

/**
 * The sources with their media links replaced by the named entries (`media`: id -> InputMedia
 * object). A link to no entry, or of a kind its tag or entry does not fit, is refused.
 */
export function resolveMediaLinks(
  sources: RichMediaSource[],
  media: ReadonlyMap<string, Record<string, unknown>>,
): RichMediaSource[] {
  return sources.map((source) => {
    if (!isMediaLink(source.src)) return source;
    const match = source.src.match(LINK);
    if (!match) throw entityParseError(`Invalid media link "${source.src}" specified`);
    const kind = match[1]!.toLowerCase();
    const id = match[2]!;
    const entry = media.get(id);
    if (!entry) throw entityParseError(`Media "${id}" is not specified in the field "media"`);
    const type = entry.type;
    const wanted = TAG_LINK[source.request];
    if (wanted !== undefined && wanted !== kind) {
      throw entityParseError(`Media link "${source.src}" can't be used in this tag`);
    }
    if (typeof type !== 'string' || !FITS[kind]!.includes(type as RichMediaRequest)) {
      throw entityParseError(`Media "${id}" must be of a type that fits a tg://${kind} link`);
    }
    return { request: type as RichMediaRequest, src: '', input: entry };
  });
}
