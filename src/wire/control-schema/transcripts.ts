/**
 * Transcripts for snapshot tests (ADR 0059): a chat's history as a person sees it, with volatile
 * values (ids, dates, file ids, tokens) normalised, as text or JSON.
 */
import { int, params, ref, route, str } from './dsl.js';

export const TRANSCRIPTS = {
  getTranscript: route({
    method: 'GET',
    path: '/transcript',
    tag: 'messages',
    summary: "A chat's history as a person sees it, normalised for snapshot tests",
    description:
      'Message ids become `#1`, `#2` in order, dates `<date>`, file ids `<file 1>`, user and chat ids ' +
      '`<id 1>`; bot tokens never appear. `text`: one line per message (`Alice: /start`, ' +
      '`Helper: Hello! [buttons: Count | Help]`, `  (edited)`, service messages as `Alice joined`).',
    params: params('TranscriptParams', {
      user: ref('user', { required: true, description: 'The person whose view of the chat is shown.' }),
      chat: ref('chat', { required: true }),
      format: str({ enum: ['text', 'json'], default: 'text' }),
      limit: int({ min: 1, max: 1000, default: 1000, description: 'The newest messages shown.' }),
    }),
    result: 'Transcript',
    answer: '`text` (format text) or `messages` (format json).',
    errors: ['ReferenceNotFound'],
  }),
} as const;
