/** Drafts bots stream to a person, and what a person's profile shows (ADR 0048). */
import { USER_IN_CHAT, messageId } from './common.js';
import { bool, obj, params, ref, route, str } from './dsl.js';

export const DRAFTS_PROFILES = {
  listDrafts: route({
    method: 'GET',
    path: '/drafts',
    tag: 'messages',
    summary: 'The drafts a bot is streaming to a user now',
    description:
      "A bot's sendMessageDraft shows a partial message in its private chat with the user; each call " +
      'replaces the draft of its `draft_id`. A draft is shown until 30 seconds (virtual clock) after its ' +
      'last version, or until the bot sends a message into the chat. An empty `text` is the "Thinking..." ' +
      'placeholder.',
    params: params('ListDraftsParams', USER_IN_CHAT),
    result: 'MessageDraft[]',
    answer: "The chat's current drafts, the least recently changed first.",
    errors: ['ReferenceNotFound'],
  }),

  allowEmojiStatus: route({
    method: 'POST',
    path: '/emoji-status-access',
    tag: 'users',
    summary: "Allow (or no longer allow) a bot to change a user's emoji status",
    description:
      "What a Mini App's requestEmojiStatusAccess asks the user: once allowed, the bot's " +
      'setUserEmojiStatus sets the status, which getChat of the private chat shows.',
    params: params('AllowEmojiStatusParams', {
      user: ref('user', { required: true }),
      bot: ref('user', { required: true }),
      allowed: bool({ default: true }),
    }),
    result: 'true',
    answer: 'True.',
    errors: ['ReferenceNotFound'],
  }),

  setPersonalChat: route({
    method: 'POST',
    path: '/personal-chat',
    tag: 'users',
    summary: "Show a channel on a user's profile (their personal chat)",
    description:
      'A public channel the user created; without `chat`, none. Bots read its last posts with ' +
      "getUserPersonalChatMessages, and getChat of the user's private chat shows it as `personal_chat`.",
    params: params('SetPersonalChatParams', {
      user: ref('user', { required: true }),
      chat: ref('chat', { description: 'The channel: its id or `@username`; absent removes it.' }),
    }),
    result: 'true',
    answer: 'True.',
    errors: [
      {
        status: 400,
        description: 'Not a public channel the user created.',
        codes: ['BAD_REQUEST'],
      },
      'ReferenceNotFound',
    ],
  }),

  addProfileAudio: route({
    method: 'POST',
    path: '/profile-audios',
    tag: 'users',
    summary: "Add the audio of a message to a user's profile",
    description:
      'The audio of a message the user sees joins their profile audios (the newest first), which ' +
      'bots read with getUserProfileAudios. A message without an audio is refused (`BAD_REQUEST`).',
    params: params('AddProfileAudioParams', { ...USER_IN_CHAT, message_id: messageId() }),
    result: 'ProfileAudios',
    answer: "The user's profile audios, as they see them.",
    errors: [
      {
        status: 400,
        description: 'The message has no audio.',
        codes: ['BAD_REQUEST'],
      },
      {
        status: 404,
        description: 'No such user, chat or message (`MESSAGE_NOT_FOUND`).',
        codes: ['USER_NOT_FOUND', 'CHAT_NOT_FOUND', 'MESSAGE_NOT_FOUND'],
      },
    ],
  }),

  addProfilePhoto: route({
    method: 'POST',
    path: '/profile-photos',
    tag: 'users',
    summary: 'Give a user a new profile photo',
    description:
      'The image, base64 (standard or URL-safe), is checked as a photo the user sends and joins the ' +
      "user's profile photos, the newest first, which bots read with getUserProfilePhotos (each photo " +
      "one PhotoSize with the image's own width and height, under a file_id of their own).",
    params: params('AddProfilePhotoParams', {
      user: ref('user', { required: true }),
      photo: obj(
        { data_base64: str({ required: true, contentEncoding: 'base64' }) },
        {
          required: true,
          description:
            'A JPEG, PNG, GIF or WebP image of at most 10 MB; width + height at most 10000, sides at most 20:1.',
        },
      ),
    }),
    result: 'ProfilePhotos',
    answer: "The user's profile photos, as they see them.",
    errors: [
      {
        status: 400,
        description: 'The photo is missing, not base64 or not an image a user may send.',
        codes: ['BAD_REQUEST'],
      },
      'ReferenceNotFound',
    ],
  }),

  removeProfilePhoto: route({
    method: 'POST',
    path: '/profile-photos/delete',
    tag: 'users',
    summary: "Remove a user's current profile photo",
    description:
      "The user's current profile photo (the newest) goes, and the one before it becomes current, as a " +
      'messaging app\'s "remove photo" does; bots\' getUserProfilePhotos no longer lists it. The file ' +
      'itself stays while a message or another profile uses it.',
    params: params('RemoveProfilePhotoParams', { user: ref('user', { required: true }) }),
    result: 'ProfilePhotos',
    answer: "The user's profile photos left, as they see them.",
    errors: [
      {
        status: 400,
        description: 'The user has no profile photo (`BAD_REQUEST`).',
        codes: ['BAD_REQUEST'],
      },
      'ReferenceNotFound',
    ],
  }),
} as const;
