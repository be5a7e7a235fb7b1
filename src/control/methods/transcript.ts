import type { RouteContext } from '../control-context.js';
import { chatTranscript } from '../../platform/transcripts/transcripts.js';

/** GET /control/transcript: a chat as a person sees it, normalised for snapshot tests (ADR 0059). */
export async function getTranscript({ platform, input }: RouteContext<'getTranscript'>) {
  return chatTranscript(platform, {
    user: input.user,
    chat: input.chat,
    format: input.format,
    limit: input.limit,
  });
}
