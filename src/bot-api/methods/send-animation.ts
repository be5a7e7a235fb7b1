import { defineMethod } from '../define-method.js';
import { sendMediaFile } from '../send-media-file.js';

/**
 * sendAnimation: uploaded by multipart/form-data, by file_id or by HTTP URL, with the sender's
 * attributes kept (stand-ins where absent) and the common send options; the result carries a
 * Animation, which also carries a Document. spec/bot-api.md "Files and media"; reference Appendix B, §1.4, §5.
 */
export const sendAnimation = defineMethod('sendAnimation', async (ctx) => {
  return sendMediaFile(ctx, 'animation');
});
