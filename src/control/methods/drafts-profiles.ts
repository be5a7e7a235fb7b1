import type { RouteContext } from '../control-context.js';

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
