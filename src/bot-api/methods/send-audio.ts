import type { MethodContext } from '../method-context.js';
import { sendMediaFile } from '../send-media-file.js';

/**
 * sendAudio: uploaded by multipart/form-data, by file_id or by HTTP URL, with the sender's
 * attributes kept (stand-ins where absent) and the common send options; the result carries an
 * Audio (shown in the music player). spec/bot-api.md "Files and media"; reference Appendix B, §1.4, §5.
 */
export async function sendAudio(ctx: MethodContext) {
  return sendMediaFile(ctx, 'audio');
}
