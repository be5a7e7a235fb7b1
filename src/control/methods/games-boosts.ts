/**
 * Games, boosts and verifier bots (ADR 0044): `POST /control/games`, `POST /control/boosts`,
 * `POST /control/bots/verifier`, `GET /control/verification`.
 */
import { ControlError, type RouteContext } from '../control-context.js';

/** POST /control/games: an operator registers a game for a bot. */
export async function registerGame({ platform, input }: RouteContext<'registerGame'>) {
  return platform.games.register(input.bot, input);
}

/** POST /control/boosts: a person boosts a channel or supergroup, or removes their boosts of it. */
export async function boostChat({ platform, input }: RouteContext<'boostChat'>) {
  return input.remove
    ? platform.boosts.remove(input.user, input.chat)
    : platform.boosts.boost(input.user, input.chat);
}

/** POST /control/bots/verifier: an operator makes a bot a verifier, or stops it being one. */
export async function setBotVerifier({ platform, input }: RouteContext<'setBotVerifier'>) {
  return platform.verification.setVerifier(input.bot, input.enabled, input.can_modify_custom_description);
}

/** GET /control/verification: a user's or chat's verification. */
export async function getVerification({ platform, input }: RouteContext<'getVerification'>) {
  if ((input.user === undefined) === (input.chat === undefined)) {
    throw new ControlError(400, 'BAD_REQUEST', 'give user or chat');
  }
  return platform.verification.status(
    input.user !== undefined ? { user: input.user } : { chat: input.chat! },
  );
}
