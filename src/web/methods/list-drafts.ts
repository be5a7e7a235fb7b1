import { text, type WebContext } from '../web-context.js';

/**
 * GET /web/api/drafts?chat=: the drafts a bot is streaming into the person's private chat with it
 * now (sendMessageDraft, sendRichMessageDraft; ADR 0048, 0051), as `GET /control/drafts` lists
 * them; none in any other chat. The page asks again while the chat is open (ADR 0095).
 */
export async function listDrafts({ platform, session, input }: WebContext) {
  return platform.drafts.listForUser(String(session.userId), text(input, 'chat', true));
}
