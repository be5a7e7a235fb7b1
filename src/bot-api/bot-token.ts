import { INVALID_TOKEN, UNALLOWED_TOKEN, UNAUTHORIZED, type BotApiError } from './errors.js';

/** Splits `<BOT_ID>:<SECRET>` with the reference's format checks (reference §1.5). */
export function parseBotToken(token: string): { botId: number; secret: string } | BotApiError {
  const colon = token.indexOf(':');
  if (token.startsWith('0') || token.length > 80 || token.includes('/') || colon < 0) return INVALID_TOKEN;
  const idText = token.slice(0, colon);
  if (!/^[1-9]\d*$/.test(idText)) return UNALLOWED_TOKEN;
  const botId = Number(idText);
  if (botId >= 2 ** 54) return INVALID_TOKEN;
  const secret = token.slice(colon + 1);
  if (secret.length < 24 || !/^[A-Za-z0-9_-]+$/.test(secret)) return UNAUTHORIZED;
  return { botId, secret };
}
