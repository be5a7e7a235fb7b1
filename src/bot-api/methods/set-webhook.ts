import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';
import { DescribedResult } from '../method-context.js';
import { parseAllowedUpdates } from '../../platform/updates/update-types.js';
import { readUpload, uploadSize } from '../../platform/files/upload.js';

/**
 * setWebhook: every parameter of the spec; an empty url deletes the webhook. The profile decides the
 * accepted schemes, ports and addresses. spec/bot-api.md §4 setWebhook; reference §4.1. The runner
 * has refused a secret_token too long or of other characters; max_connections comes clamped to
 * 1-100, 40 when absent, as the platform reads it (ADR 0084).
 */
export const setWebhook = defineMethod('setWebhook', async ({ platform, botId, values }) => {
  const { certificate: certificateParam } = values;
  if (certificateParam && 'ref' in certificateParam) {
    // The certificate must be a new upload; a string (file_id or URL) does not work.
    throw botApiError('CERTIFICATE_NOT_A_FILE');
  }
  const description = await platform.webhooks.set(botId, {
    url: values.url ?? '',
    certificate: certificateParam && {
      size: uploadSize(certificateParam.upload),
      read: () => readUpload(certificateParam.upload),
    },
    ipAddress: values.ip_address,
    maxConnections: values.max_connections,
    allowedUpdates: parseAllowedUpdates(values.allowed_updates),
    dropPendingUpdates: values.drop_pending_updates,
    secretToken: values.secret_token,
  });
  return new DescribedResult<true>(true, description);
});
