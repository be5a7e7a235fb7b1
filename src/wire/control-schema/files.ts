/** Files of people: sending a photo, document, voice, audio, video or video note; downloading one. */
import { MAX_INT32 } from './common.js';
import { PERSON_SEND } from './content.js';
import { int, obj, params, ref, route, str } from './dsl.js';

/** The kinds of file a person sends, one per request. */
export const MEDIA_KINDS = ['photo', 'document', 'voice', 'audio', 'video', 'video_note'] as const;

const DATA = { data_base64: str({ required: true, contentEncoding: 'base64' }) } as const;
const DURATION = int({
  min: 0,
  max: 86_400,
  platform: true,
  description: "Seconds, as the person's client reports it; 0 or absent, 1.",
});
const SHOWN_NAME = str({
  minLength: 1,
  maxLength: 255,
  platform: true,
  description: 'Without slashes; shown.',
});

export const FILES = {
  sendMedia: route({
    method: 'POST',
    path: '/messages/media',
    tag: 'messages',
    summary: 'Send a photo, a document, a voice message, an audio file, a video or a video note as a user',
    description:
      'Exactly one of `photo`, `document`, `voice`, `audio`, `video` and `video_note`, as base64 ' +
      '(standard or URL-safe). The bots of the chat get a `message` (`channel_post` in a channel) with ' +
      "that field (`photo`: one PhotoSize with the image's real width and height), shaped as when a bot " +
      'sends that kind, under a file_id of their own that works with getFile, the download route and ' +
      'sending the file again. Parley decodes no audio or video: duration, width, height, length, ' +
      "performer and title are what the request reports (as a client would), with the Bot API's " +
      'stand-ins for what it leaves out (1 s, 1280x720, a 240 pixel video note). Every viewer, the ' +
      "person included, sees a file by its own file_id (ADR 0040). The chat, the person's rights " +
      '(`can_send_photos`, `can_send_documents`, `can_send_voice_notes`, `can_send_audios`, ' +
      '`can_send_videos`, `can_send_video_notes`) and the reply target are checked before the file is ' +
      'stored. JSON bodies up to about 27 MiB are taken.',
    params: params('SendMediaParams', {
      ...PERSON_SEND,
      photo: obj(
        { ...DATA, filename: str({ description: 'Ignored (photos keep no name).' }) },
        {
          description:
            'A JPEG, PNG, GIF or WebP image of at most 10 MB; width + height at most 10000, sides at most 20:1.',
        },
      ),
      document: obj(
        {
          ...DATA,
          filename: str({
            required: true,
            minLength: 1,
            maxLength: 255,
            platform: true,
            description: 'Without slashes.',
          }),
          mime_type: str({
            description: "Defaults to the type of the file name's extension, else application/octet-stream.",
          }),
        },
        { description: 'A file of at most 20 MB.' },
      ),
      voice: obj(
        { ...DATA, mime_type: str({ description: 'Defaults to audio/ogg.' }), duration: DURATION },
        { description: 'A voice message of at most 20 MB.' },
      ),
      audio: obj(
        {
          ...DATA,
          filename: SHOWN_NAME,
          mime_type: str({ description: "Defaults to the file name's, else audio/mpeg." }),
          duration: DURATION,
          performer: str({ maxLength: 256, platform: true }),
          title: str({ maxLength: 256, platform: true }),
        },
        { description: 'An audio file of at most 20 MB.' },
      ),
      video: obj(
        {
          ...DATA,
          filename: SHOWN_NAME,
          mime_type: str({ description: "Defaults to the file name's, else video/mp4." }),
          duration: DURATION,
          width: int({ min: 0, max: 10_000, platform: true, description: '0 or absent, 1280.' }),
          height: int({ min: 0, max: 10_000, platform: true, description: '0 or absent, 720.' }),
        },
        { description: 'A video of at most 20 MB.' },
      ),
      video_note: obj(
        {
          ...DATA,
          duration: DURATION,
          length: int({ min: 0, max: 639, platform: true, description: 'The diameter; 0 or absent, 240.' }),
        },
        { description: 'A round video of at most 20 MB (video/mp4); no caption.' },
      ),
      caption: str({
        maxLength: 1024,
        platform: true,
        description: 'Commands, mentions and links become caption_entities. Not for video notes.',
      }),
    }),
    result: 'Message',
    answer: 'The message as the sender sees it.',
    errors: [
      {
        status: 400,
        description:
          'A parameter is missing or malformed (not base64, not exactly one kind of file, a number out ' +
          'of range, a caption on a video note), the photo is not an image or too large, the caption is ' +
          'too long, or the replied message does not exist.',
        codes: ['BAD_REQUEST'],
      },
      'WriteForbidden',
      'ReferenceNotFound',
      { status: 413, description: 'The JSON body is larger than the route takes.' },
    ],
  }),

  downloadFile: route({
    method: 'GET',
    path: '/files',
    tag: 'messages',
    summary: 'Download a file as a user',
    description:
      'The file of a message in a chat the user is in (`chat` and `message_id`: its main file, the ' +
      "largest photo size for a photo; `file_id` picks another of the message's files, such as a " +
      "thumbnail), or a file by the `file_id` the user sees it under (each viewer's file_ids are its " +
      "own, ADR 0040: a bot's or another person's names nothing for this user). Answers the bytes, " +
      'not the JSON envelope; errors answer the envelope as everywhere.',
    params: params('DownloadFileParams', {
      user: ref('user', { required: true }),
      chat: ref('chat', { description: 'With `message_id`.' }),
      message_id: int({ min: 1, max: MAX_INT32, description: 'With `chat`.' }),
      file_id: str({ description: 'The file_id as the user sees it.' }),
    }),
    result: 'bytes',
    answer: "The file's bytes.",
    headers: {
      'Content-Type': "The file's MIME type, else application/octet-stream.",
      'Content-Disposition': "`attachment` with the file's name, for files that have one.",
      'X-Parley-File-Id': "The user's file_id of the file.",
      'X-Parley-File-Unique-Id': "The file's file_unique_id.",
    },
    errors: [
      {
        status: 404,
        description:
          "`FILE_NOT_FOUND`: the message has no (such) file, or the file_id is not one of this user's; " +
          '`CHAT_NOT_FOUND`: the user is not in the chat; `MESSAGE_NOT_FOUND`; `USER_NOT_FOUND`.',
        codes: ['FILE_NOT_FOUND', 'CHAT_NOT_FOUND', 'MESSAGE_NOT_FOUND', 'USER_NOT_FOUND'],
      },
    ],
  }),
} as const;
