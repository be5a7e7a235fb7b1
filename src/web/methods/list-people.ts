import { userView } from './me.js';
import { WebError, type WebContext } from '../web-context.js';

/** GET /web/api/people: the people one may sign in as (`local` profile only), oldest first. */
export async function listPeople({ platform, profile }: WebContext) {
  if (profile !== 'local')
    throw new WebError(403, 'FORBIDDEN', 'people are listed in the local profile only');
  return (await platform.deps.store.listPeople(200)).map(userView);
}
