/** The checks every call on a business connection makes (ADR 0049). */
import { PlatformError } from '../core/errors.js';
import type { BusinessConnectionRow } from '../../storage/store.js';
import { parseRights, type BusinessRight } from './business-rights.js';
import type { BusinessReader } from '../../storage/ports/business.js';

/** The connection's checks, in the order the calls meet them (ADR 0049). */
export async function usableConnection(
  reader: BusinessReader,
  botId: number,
  connectionId: string,
  right?: BusinessRight,
): Promise<BusinessConnectionRow> {
  const connection = await reader.getBusinessConnection(connectionId);
  if (!connection || connection.bot_id !== botId) {
    throw new PlatformError('BUSINESS_CONNECTION_NOT_FOUND', 'business connection not found');
  }
  if (!connection.is_enabled) {
    throw new PlatformError('BUSINESS_CONNECTION_INVALID', 'the business connection is disabled');
  }
  if (right && parseRights(connection.rights)[right] !== true) {
    throw new PlatformError('BOT_ACCESS_FORBIDDEN', `the business bot lacks ${right}`);
  }
  return connection;
}
