/**
 * What postStory and editStory read (ADR 0049): the InputStoryContent (a new upload named by
 * attach://, photo or video), the caption with parse_mode or caption_entities, the areas, and
 * active_period. Files are stored last, after every other check, so a refused call stores nothing.
 */
import { botApiError } from './errors.js';
import { prepareFile } from './input-file.js';
import type { MethodContext } from './method-context.js';
import { acquirePhoto, checkPhoto } from './methods/send-photo.js';
import { acquireMedia, mediaContent } from './send-media-file.js';
import { codePointLength, formatText } from '../platform/formatting/index.js';
import type { StoryBody } from '../platform/stories/stories.js';
import type { UploadedFile } from './params.js';

/** The spec's active periods: 6 h, 12 h, 1 day, 2 days. */
const ACTIVE_PERIODS = new Set([6 * 3600, 12 * 3600, 86400, 2 * 86400]);
const CAPTION_MAX = 2048;
const VIDEO_MAX_DURATION = 60;
const AREA_TYPES = new Set(['location', 'suggested_reaction', 'link', 'weather', 'unique_gift']);
const POSITION_FIELDS = [
  'x_percentage',
  'y_percentage',
  'width_percentage',
  'height_percentage',
  'rotation_angle',
  'corner_radius_percentage',
] as const;

export function activePeriodOf({ params }: MethodContext): number {
  const period = params.int('active_period');
  if (period === undefined || !ACTIVE_PERIODS.has(period)) throw botApiError('STORY_ACTIVE_PERIOD_INVALID');
  return period;
}

interface ContentInput {
  type: 'photo' | 'video';
  upload: UploadedFile;
  duration?: number;
  coverFrameTimestamp?: number;
  isAnimation?: boolean;
}

const contentError = (detail: string) => botApiError('UNPARSABLE', { object: 'InputStoryContent', detail });

/** Reads content, caption and areas; the story's body once its file is stored (`store`). */
export function readStory(ctx: MethodContext): { store: () => Promise<StoryBody> } {
  const { params } = ctx;
  const content = readContent(ctx);
  const raw = params.string('caption');
  const caption =
    raw === undefined
      ? undefined
      : formatText(raw, params.string('parse_mode'), params.json('caption_entities'));
  if (caption && codePointLength(caption.text) > CAPTION_MAX) throw botApiError('STORY_CAPTION_TOO_LONG');
  const areas = readAreas(ctx);
  if (content.type === 'photo') checkPhoto(content.upload, 'upload');
  else prepareFile('video')(content.upload, 'upload');
  return {
    store: async () => {
      const body: StoryBody = { content: await storeContent(ctx, content) };
      if (caption && caption.text !== '') {
        body.caption = caption.text;
        if (caption.entities.length > 0) body.caption_entities = caption.entities;
      }
      if (areas.length > 0) body.areas = areas;
      return body;
    },
  };
}

function readContent({ params }: MethodContext): ContentInput {
  const value = params.parsedJson('content', 'InputStoryContent');
  if (value === undefined) throw botApiError('PARAMETER_REQUIRED', { name: 'content' });
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw botApiError('OBJECT_EXPECTED', { object: 'InputStoryContent' });
  }
  const fields = value as Record<string, unknown>;
  const type = fields.type;
  if (type !== 'photo' && type !== 'video') throw contentError('Unsupported type specified');
  const ref = fields[type];
  if (typeof ref !== 'string') throw contentError(`Can't find field "${type}"`);
  // Story media can't be reused: only a new upload, named by attach://.
  const upload = ref.startsWith('attach://') ? params.file(ref.slice('attach://'.length)) : undefined;
  if (!upload) throw contentError(`Can't use ${type} as a new upload`);
  const input: ContentInput = { type, upload };
  if (type === 'video') {
    const duration = fields.duration;
    if (duration !== undefined) {
      if (typeof duration !== 'number' || duration < 0 || duration > VIDEO_MAX_DURATION) {
        throw contentError('Field "duration" must be between 0 and 60');
      }
      input.duration = duration;
    }
    if (typeof fields.cover_frame_timestamp === 'number')
      input.coverFrameTimestamp = fields.cover_frame_timestamp;
    if (fields.is_animation === true) input.isAnimation = true;
  }
  return input;
}

/**
 * The story's media stored as a direct send stores them (ADR 0097): a photo's sizes made once per
 * content (sendPhoto's acquirePhoto), a video read for its duration and size (the given duration
 * first) with the thumbnail made from its first frame (sendVideo's acquireMedia and mediaContent).
 */
async function storeContent(ctx: MethodContext, input: ContentInput) {
  if (input.type === 'photo')
    return { type: 'photo', photo: await acquirePhoto(ctx, { upload: input.upload }) };
  const given = input.duration ? { duration: Math.round(input.duration) } : {};
  const { video } = await mediaContent(
    ctx,
    await acquireMedia(ctx, { upload: input.upload }, 'video'),
    given,
    undefined,
  );
  return {
    type: 'video',
    video,
    ...(input.coverFrameTimestamp !== undefined ? { cover_frame_timestamp: input.coverFrameTimestamp } : {}),
    ...(input.isAnimation ? { is_animation: true } : {}),
  };
}

function readAreas({ params }: MethodContext): unknown[] {
  const value = params.parsedJson('areas', 'Array of StoryArea');
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw botApiError('ARRAY_EXPECTED', { of: 'StoryArea' });
  return value.map((area: unknown) => {
    const areaError = (detail: string) => botApiError('UNPARSABLE', { object: 'StoryArea', detail });
    if (typeof area !== 'object' || area === null)
      throw botApiError('OBJECT_EXPECTED', { object: 'StoryArea' });
    const { position, type } = area as Record<string, unknown>;
    if (typeof position !== 'object' || position === null) throw areaError('Can\'t find field "position"');
    const checked: Record<string, number> = {};
    for (const key of POSITION_FIELDS) {
      const number = (position as Record<string, unknown>)[key];
      if (typeof number !== 'number') throw areaError(`Field "${key}" must be of type Number`);
      checked[key] = number;
    }
    if (typeof type !== 'object' || type === null) throw areaError('Can\'t find field "type"');
    const kind = (type as Record<string, unknown>).type;
    if (typeof kind !== 'string' || !AREA_TYPES.has(kind)) throw areaError('Unsupported area type specified');
    return { position: checked, type };
  });
}
