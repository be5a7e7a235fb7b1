import type { MethodContext } from '../method-context.js';
import { sendMediaFile } from '../send-media-file.js';

/**
 * sendVoice: uploaded by multipart/form-data, by file_id or by HTTP URL, with the sender's
 * attributes kept (stand-ins where absent) and the common send options; the result carries a
 * Voice. spec/bot-api.md "Files and media"; reference Appendix B, §1.4, §5.
 */
export async function sendVoice(ctx: MethodContext) {
  return sendMediaFile(ctx, 'voice');
}
