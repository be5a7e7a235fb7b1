import { botApiError } from '../errors.js';
import { DescribedResult, type MethodContext } from '../method-context.js';
import { parseAllowedUpdates } from '../../platform/updates/update-queue.js';
import { readUpload, uploadSize } from '../../platform/files/upload.js';

/**
 * setWebhook: every parameter of the spec; an empty url deletes the webhook. The profile decides the
 * accepted schemes, ports and addresses. spec/bot-api.md §4 setWebhook; reference §4.1.
 */
export async function setWebhook({ platform, botId, params }: MethodContext): Promise<DescribedResult<true>> {
  const certificateParam = params.inputFile('certificate');
  if (certificateParam && 'ref' in certificateParam) {
    // The certificate must be a new upload; a string (file_id or URL) does not work.
    throw botApiError('CERTIFICATE_NOT_A_FILE');
  }
  const description = await platform.webhooks.set(botId, {
    url: params.string('url') ?? '',
    certificate: certificateParam && {
      size: uploadSize(certificateParam.upload),
      read: () => readUpload(certificateParam.upload),
    },
    ipAddress: params.string('ip_address'),
    maxConnections: params.int('max_connections'),
    allowedUpdates: parseAllowedUpdates(params.json('allowed_updates')),
    dropPendingUpdates: params.bool('drop_pending_updates'),
    secretToken: params.string('secret_token'),
  });
  return new DescribedResult<true>(true, description);
}
