/**
 * A person's profile photos in the web client (ADR 0083, 0090): setting one from a picked image
 * (checked as a photo the person sends, as `POST /control/profile-photos` does), removing the
 * current one, and any user's current photo as bytes, for the page to show. Bots read them with
 * getUserProfilePhotos.
 */
import { WebError, positive, type WebContext } from '../web-context.js';
import { fileAnswer } from './download-file.js';

/** What the page shows of someone's profile photos: how many, and the current one's unique id. */
async function summary({ platform, session }: WebContext, userId: number) {
  const page = await platform.profiles.photosFor(session.userId, userId, 0, 1);
  const current = page.items[0]?.[0];
  return {
    total_count: page.total_count,
    ...(current ? { file_unique_id: current.file_unique_id } : {}),
  };
}

/** The user a read names (`?user=ID`; none: the person), refused as not found when there is none. */
async function userOf(ctx: WebContext): Promise<number> {
  const id = positive(ctx.input, 'user') ?? ctx.session.userId;
  if (!(await ctx.platform.deps.store.getUser(id)))
    throw new WebError(404, 'USER_NOT_FOUND', 'user not found');
  return id;
}

/** GET /web/api/profile-photos?user=: `{ total_count, file_unique_id? }` of the user's photos. */
export async function profilePhotos(ctx: WebContext) {
  return summary(ctx, await userOf(ctx));
}

/** GET /web/api/profile-photos/file?user=: the user's current profile photo, as bytes; 404 for none. */
export async function profilePhotoFile(ctx: WebContext) {
  const { platform } = ctx;
  const current = await summary(ctx, await userOf(ctx));
  const file =
    current.file_unique_id === undefined
      ? undefined
      : await platform.deps.store.getFileByUniqueId(current.file_unique_id);
  if (!file) throw new WebError(404, 'FILE_NOT_FOUND', 'no profile photo');
  return fileAnswer(platform, file, 'no-cache');
}

/**
 * POST /web/api/profile-photos: the body (a JPEG, PNG, GIF or WebP image of at most 10 MB) becomes
 * the person's current profile photo; answers their photos' summary.
 */
export async function setProfilePhoto(ctx: WebContext) {
  const { platform, session, body } = ctx;
  if (!Buffer.isBuffer(body) || body.length === 0) {
    throw new WebError(400, 'BAD_REQUEST', "the body must be the image's bytes (application/octet-stream)");
  }
  const { file } = await platform.personMedia.storeChatPhoto(session.userId, body);
  await platform.profiles.addPersonPhoto(session.userId, file);
  return summary(ctx, session.userId);
}

/** POST /web/api/profile-photos/delete: the current photo goes (the one before becomes current). */
export async function removeProfilePhoto(ctx: WebContext) {
  if (!(await ctx.platform.profiles.removePersonPhoto(ctx.session.userId))) {
    throw new WebError(400, 'BAD_REQUEST', 'there is no profile photo to remove');
  }
  return summary(ctx, ctx.session.userId);
}
