import { defineMethod } from '../define-method.js';
import { sendMediaFile } from '../send-media-file.js';

/**
 * sendAudio: uploaded by multipart/form-data, by file_id or by HTTP URL, with the sender's
 * attributes kept (stand-ins where absent) and the common send options; the result carries an
 * Audio (shown in the music player). spec/bot-api.md "Files and media"; reference Appendix B, §1.4, §5.
 */
export const sendAudio = defineMethod('sendAudio', async (ctx) => {
  return sendMediaFile(ctx, 'audio');
});
