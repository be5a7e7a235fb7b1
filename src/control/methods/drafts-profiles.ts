import { ControlError, type RouteContext } from '../control-context.js';
import { MAX_PERSON_PHOTO_BYTES } from '../../platform/messages/person-media.js';
import { base64Input } from './send-media.js';

/** GET /control/drafts: the drafts a bot is streaming into the user's private chat with it. */
export async function listDrafts({ platform, input }: RouteContext<'listDrafts'>) {
  return platform.drafts.listForUser(input.user, input.chat);
}

/** POST /control/emoji-status-access: the user allows (or no longer allows) a bot to set their emoji status. */
export async function allowEmojiStatus({ platform, input }: RouteContext<'allowEmojiStatus'>) {
  await platform.profiles.allowEmojiStatus(input.user, input.bot, input.allowed);
  return true;
}

/** POST /control/personal-chat: the user shows a channel they created on their profile (or none). */
export async function setPersonalChat({ platform, input }: RouteContext<'setPersonalChat'>) {
  await platform.profiles.setPersonalChat(
    input.user,
    input.chat === undefined ? undefined : String(input.chat),
  );
  return true;
}

/** POST /control/profile-audios: the audio of a message joins the user's profile audios. */
export async function addProfileAudio({ platform, input }: RouteContext<'addProfileAudio'>) {
  const page = await platform.profiles.addAudioFromMessage(input.user, input.chat, input.message_id);
  return { total_count: page.total_count, audios: page.items };
}

/** The largest JSON body of `POST /control/profile-photos`: the largest photo as base64 and room. */
export const PROFILE_PHOTO_BODY_LIMIT = Math.ceil((MAX_PERSON_PHOTO_BYTES * 4) / 3) + 64 * 1024;

/**
 * POST /control/profile-photos: the user's new profile photo, checked as a photo they send and
 * stored once (the same bytes are the same file); answers their profile photos as they see them.
 */
export async function addProfilePhoto({ platform, input }: RouteContext<'addProfilePhoto'>) {
  const data = base64Input(input.photo, 'photo.data_base64', MAX_PERSON_PHOTO_BYTES);
  const user = await platform.users.resolve(input.user, 'user');
  const { file } = await platform.personMedia.storeChatPhoto(user.id, data);
  await platform.profiles.addPersonPhoto(user.id, file);
  const page = await platform.profiles.photosFor(user.id, user.id, 0, 100);
  return { total_count: page.total_count, photos: page.items };
}

/**
 * POST /control/profile-photos/delete: the user's current profile photo goes, the one before it
 * becomes current (`Profiles.removePersonPhoto`, as the web client's removal, ADR 0090, 0095).
 */
export async function removeProfilePhoto({ platform, input }: RouteContext<'removeProfilePhoto'>) {
  const user = await platform.users.resolve(input.user, 'user');
  if (!(await platform.profiles.removePersonPhoto(user.id))) {
    throw new ControlError(400, 'BAD_REQUEST', 'there is no profile photo to remove');
  }
  const page = await platform.profiles.photosFor(user.id, user.id, 0, 100);
  return { total_count: page.total_count, photos: page.items };
}

/** POST /control/checklists/tasks: the user marks tasks of a checklist as done or not done. */
export async function markChecklistTasks({ platform, input }: RouteContext<'markChecklistTasks'>) {
  return platform.checklists.markTasks(
    input.user,
    input.chat,
    input.message_id,
    input.done ?? [],
    input.not_done ?? [],
  );
}

/** POST /control/checklists/add-tasks: the user adds tasks to a checklist. */
export async function addChecklistTasks({ platform, input }: RouteContext<'addChecklistTasks'>) {
  return platform.checklists.addTasks(input.user, input.chat, input.message_id, input.tasks);
}
