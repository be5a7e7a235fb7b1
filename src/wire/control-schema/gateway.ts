/** The Verification Gateway's side of the control API: accounts, sender channels, what people receive. */
import { waitTimeout } from './common.js';
import { bool, credits, int, map, params, ref, route, str } from './dsl.js';

const ACCOUNT_ID = { id: { type: 'integer', description: 'The account id.' } } as const;
const LIMIT = int({ min: 1, max: 1000, default: 100, description: 'At most this many, the newest.' });

export const GATEWAY = {
  createGatewayAccount: route({
    method: 'POST',
    path: '/gateway/accounts',
    tag: 'gateway',
    summary: 'Create a gateway account (the access token is shown only here)',
    params: params('CreateGatewayAccountParams', {
      owner: ref('user', {
        required: true,
        aliases: ['owner_phone_number'],
        description: 'The owner: a person; codes to their own number are free.',
      }),
      credits: credits({ description: 'Initial balance (a top-up in the ledger).' }),
      default_price: credits({ description: 'Price of one message; defaults to 0.01.' }),
    }),
    result: 'CreatedGatewayAccount',
    answer: 'The account with its access_token.',
    errors: ['GatewayBadRequest', 'ReferenceNotFound'],
  }),

  getGatewayAccount: route({
    method: 'GET',
    path: '/gateway/accounts/{id}',
    tag: 'gateway',
    summary: 'A gateway account, without its token',
    pathParams: ACCOUNT_ID,
    result: 'GatewayAccount',
    answer: 'The gateway account.',
    errors: ['GatewayNotFound'],
  }),

  topUpGatewayAccount: route({
    method: 'POST',
    path: '/gateway/accounts/{id}/top-up',
    tag: 'gateway',
    summary: 'Add credits (a ledger entry)',
    pathParams: ACCOUNT_ID,
    params: params('TopUpGatewayAccountParams', { credits: credits({ required: true }) }),
    result: 'GatewayAccount',
    answer: 'The gateway account.',
    errors: ['GatewayBadRequest', 'GatewayNotFound'],
  }),

  setGatewayPrices: route({
    method: 'POST',
    path: '/gateway/accounts/{id}/prices',
    tag: 'gateway',
    summary: 'Set the default price and prices per country calling code',
    pathParams: ACCOUNT_ID,
    params: params('SetGatewayPricesParams', {
      default_price: credits(),
      prices: map(credits(), {
        nullable: true,
        invalid: 'prices must be an object of prefix: credits',
        description:
          'Prefix (1-6 digits, a country calling code or longer) -> price; null removes the override. ' +
          'The longest matching prefix wins.',
      }),
    }),
    result: 'GatewayAccount',
    answer: 'The gateway account.',
    errors: ['GatewayBadRequest', 'GatewayNotFound'],
  }),

  getGatewayLedger: route({
    method: 'GET',
    path: '/gateway/accounts/{id}/ledger',
    tag: 'gateway',
    summary: 'Top-ups, charges and refunds, oldest first',
    pathParams: ACCOUNT_ID,
    params: params('GatewayLedgerParams', { limit: LIMIT }),
    result: 'LedgerEntry[]',
    answer: 'The newest `limit` entries, oldest first.',
    errors: ['GatewayNotFound'],
  }),

  createSenderChannel: route({
    method: 'POST',
    path: '/gateway/channels',
    tag: 'gateway',
    summary: 'Create a channel to send codes from (sender_username)',
    params: params('CreateSenderChannelParams', {
      owner: ref('user', { required: true }),
      username: str({ required: true }),
      title: str(),
      verified: bool({ default: false, description: 'Verify it at once.' }),
    }),
    result: 'SenderChannel',
    answer: 'The channel.',
    errors: [
      'ReferenceNotFound',
      { status: 409, description: 'The username is taken.', codes: ['USERNAME_OCCUPIED'] },
    ],
  }),

  verifySenderChannel: route({
    method: 'POST',
    path: '/gateway/channels/{username}/verify',
    tag: 'gateway',
    summary: 'Mark a channel verified (or not)',
    pathParams: { username: { type: 'string', description: "The channel's username, without the `@`." } },
    params: params('VerifySenderChannelParams', { verified: bool({ default: true }) }),
    result: 'SenderChannel',
    answer: 'The channel.',
    errors: ['GatewayNotFound'],
  }),

  getVerificationInbox: route({
    method: 'GET',
    path: '/gateway/inbox',
    tag: 'gateway',
    summary: 'The verification messages a person received, oldest first',
    params: params('VerificationInboxParams', { phone: ref('user', { required: true }) }),
    result: 'VerificationInboxEntry[]',
    answer: 'The inbox.',
    errors: ['ReferenceNotFound'],
  }),

  waitForCode: route({
    method: 'POST',
    path: '/gateway/wait-code',
    tag: 'gateway',
    summary: 'Wait server-side for the next code sent to a person',
    description:
      "Each code is returned once, also one sent before the wait began (the person's read cursor in the service chat).",
    params: params('WaitForCodeParams', {
      phone: ref('user', { required: true, description: 'The person (a phone number, id or @username).' }),
      timeout: waitTimeout('Seconds to wait.'),
    }),
    result: 'ReceivedCode',
    answer: 'The code.',
    errors: [
      'ReferenceNotFound',
      { status: 408, description: 'No code arrived in time.', codes: ['WAIT_TIMEOUT'] },
    ],
  }),

  markVerificationRead: route({
    method: 'POST',
    path: '/gateway/read',
    tag: 'gateway',
    summary: 'The person reads a verification message on an online device',
    params: params('MarkReadParams', {
      phone: ref('user', { required: true }),
      request_id: str({ description: 'Whose message is read; default: the newest one not read yet.' }),
    }),
    result: 'VerificationInboxEntry',
    answer: 'The message, now read.',
    errors: [
      'GatewayNotFound',
      {
        status: 409,
        description: 'No online device to read it on, or the message was revoked or expired.',
        codes: ['NO_ONLINE_DEVICE', 'VERIFICATION_MESSAGE_GONE'],
      },
    ],
  }),

  getDeliveryLog: route({
    method: 'GET',
    path: '/gateway/delivery-log',
    tag: 'gateway',
    summary: 'Delivery report attempts and the reports still pending',
    params: params('DeliveryLogParams', {
      account: int({ min: 1, description: 'Only this account.' }),
      request_id: str({ description: 'Only this request.' }),
      limit: LIMIT,
    }),
    result: 'DeliveryLog',
    answer: 'The newest `limit` attempts (oldest first) and the pending reports.',
  }),
} as const;
