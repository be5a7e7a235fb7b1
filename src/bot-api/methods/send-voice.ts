import { defineMethod } from '../define-method.js';
import { sendMediaFile } from '../send-media-file.js';

/**
 * sendVoice: uploaded by multipart/form-data, by file_id or by HTTP URL, with the sender's
 * attributes kept (stand-ins where absent) and the common send options; the result carries a
 * Voice. spec/bot-api.md "Files and media"; reference Appendix B, §1.4, §5. sendMediaFile, shared by
 * the media sends, reads the parameters itself.
 */
export const sendVoice = defineMethod('sendVoice', (ctx) => sendMediaFile(ctx, 'voice'));
