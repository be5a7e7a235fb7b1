import { MAX_PERSON_PHOTO_BYTES } from '../../platform/messages/person-media.js';
import { WebError, text, type WebContext } from '../web-context.js';

/**
 * POST /web/api/chats/title {chat, title}: the person (with can_change_info) renames a group,
 * supergroup or channel; members see new_chat_title (bots get it as a message). Answers the chat
 * with its members.
 */
export async function setChatTitle({ platform, session, input }: WebContext) {
  const chat = text(input, 'chat', true);
  const title = typeof input.title === 'string' ? input.title : '';
  await platform.groups.setTitle({ person: String(session.userId), chat }, title);
  return platform.groups.record(chat);
}

/**
 * POST /web/api/chats/photo?chat=: the person (with can_change_info) sets the chat's photo from a
 * file picked in the page (the body: a JPEG, PNG, GIF or WebP image of at most 10 MB); members see
 * new_chat_photo. Refused before the image is stored, as setChatPhoto is.
 */
export async function setChatPhoto({ platform, session, input, body }: WebContext) {
  if (!Buffer.isBuffer(body) || body.length === 0) {
    throw new WebError(400, 'BAD_REQUEST', "the body must be the image's bytes (application/octet-stream)");
  }
  if (body.length > MAX_PERSON_PHOTO_BYTES) {
    throw new WebError(400, 'BAD_REQUEST', `a photo is at most ${MAX_PERSON_PHOTO_BYTES >> 20} MB`);
  }
  const acting = { person: String(session.userId), chat: text(input, 'chat', true) };
  await platform.groups.checkMayChangeInfo(acting, 'photo');
  const photo = await platform.personMedia.storeChatPhoto(session.userId, body);
  await platform.groups.setPhoto(acting, photo);
  return true;
}
