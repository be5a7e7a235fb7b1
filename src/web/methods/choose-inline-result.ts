import { text, type WebContext } from '../web-context.js';

/** POST /web/api/inline/choose {query_id, result_id}: the person picks a result; its message is sent. */
export async function chooseInlineResult({ platform, session, input }: WebContext) {
  return platform.inline.choose(
    String(session.userId),
    text(input, 'query_id', true),
    text(input, 'result_id', true),
  );
}
