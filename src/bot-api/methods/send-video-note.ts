import { defineMethod } from '../define-method.js';
import { sendMediaFile } from '../send-media-file.js';

/**
 * sendVideoNote: uploaded by multipart/form-data, by file_id or by HTTP URL, with the sender's
 * attributes kept (stand-ins where absent) and the common send options; the result carries a
 * VideoNote. spec/bot-api.md "Files and media"; reference Appendix B, §1.4, §5. sendMediaFile, shared by
 * the media sends, reads the parameters itself.
 */
export const sendVideoNote = defineMethod('sendVideoNote', (ctx) => sendMediaFile(ctx, 'video_note'));
