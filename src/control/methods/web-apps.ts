/**
 * Mini Apps, guest mode and join-request queries through people's actions (docs/mini-apps.md,
 * docs/control-api.md "Mini Apps"; ADR 0047).
 */
import { PlatformError } from '../../platform/core/errors.js';
import type { RouteContext } from '../control-context.js';

/** POST /control/web-apps/open: a person opens a Mini App and gets its signed launch data. */
export async function openWebApp({ platform, input }: RouteContext<'openWebApp'>) {
  if (input.join_request_chat !== undefined) {
    return platform.webApps.joinRequests.openWebApp(input.user, String(input.join_request_chat));
  }
  if (input.bot === undefined) throw new PlatformError('BAD_REQUEST', 'bot is required');
  if ((input.message_id === undefined) !== (input.button === undefined)) {
    throw new PlatformError('BAD_REQUEST', 'message_id and button go together');
  }
  return platform.webApps.open(input.user, input.bot, { messageId: input.message_id, button: input.button });
}

/** POST /control/web-apps/send-data: the app of a reply keyboard button sends data to the bot. */
export async function sendWebAppData({ platform, input }: RouteContext<'sendWebAppData'>) {
  return platform.webApps.sendData(input.user, input.bot, input.button, input.data);
}

/** GET /control/web-apps/key: Parley's Ed25519 public key of launch data signatures. */
export async function getWebAppKey({ platform }: RouteContext<'getWebAppKey'>) {
  return { algorithm: 'Ed25519' as const, public_key: await platform.webApps.publicKey() };
}

/** POST /control/web-apps/share-message: a prepared inline message sent from the Mini App. */
export async function shareWebAppMessage({ platform, input }: RouteContext<'shareWebAppMessage'>) {
  return platform.webApps.preparedMessages.share(input.user, input.prepared_message_id, String(input.chat));
}

/** POST /control/web-apps/use-button: a prepared keyboard button used from the Mini App. */
export async function useWebAppButton({ platform, input }: RouteContext<'useWebAppButton'>) {
  return platform.webApps.preparedButtons.use(input.user, input.prepared_button_id, {
    users: input.users?.map(String),
    chat: input.chat === undefined ? undefined : String(input.chat),
  });
}

/** POST /control/bots/guest-queries: the bot's guest mode on or off. */
export async function setBotGuestQueries({ platform, input }: RouteContext<'setBotGuestQueries'>) {
  await platform.guest.setSupported(input.bot, input.enabled);
  return true as const;
}

/** POST /control/bots/join-request-queries: whether the bot supports join-request queries. */
export async function setBotJoinRequestQueries({
  platform,
  input,
}: RouteContext<'setBotJoinRequestQueries'>) {
  await platform.webApps.joinRequests.setSupported(input.bot, input.enabled);
  return true as const;
}

/** POST /control/chats/join-request-bot: the bot that processes the chat's join requests. */
export async function setJoinRequestBot({ platform, input }: RouteContext<'setJoinRequestBot'>) {
  await platform.webApps.joinRequests.assign(input.user, String(input.chat), input.bot ?? null);
  return true as const;
}
