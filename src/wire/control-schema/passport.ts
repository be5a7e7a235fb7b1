/**
 * Passport (docs/passport.md, ADR 0054): an operator registers a bot's RSA public key; a person
 * shares Passport elements with the bot, which gets them encrypted as `passport_data`; the person
 * sees the errors the bot set with setPassportDataErrors.
 */
import { array, map, obj, params, ref, route, str } from './dsl.js';

const NOT_FOUND = {
  status: 404,
  description: 'No such user or bot.',
  codes: ['USER_NOT_FOUND', 'BOT_NOT_FOUND'],
} as const;

const FILE = str({
  contentEncoding: 'base64',
  description: 'A JPEG image, base64 (standard or URL-safe), up to 10 MB.',
});
const FILES = array(FILE);

export const PASSPORT = {
  setBotPassportKey: route({
    method: 'POST',
    path: '/bots/passport-key',
    tag: 'bots',
    summary: "Register a bot's Passport public key",
    description:
      'The RSA public key (2048 bits or more, PEM: `-----BEGIN PUBLIC KEY-----` or `-----BEGIN RSA PUBLIC ' +
      "KEY-----`) the bot's owner would give the platform's BotFather. Data people share with the bot " +
      'is encrypted for it; a new key replaces the earlier one.',
    params: params('SetBotPassportKeyParams', {
      bot: ref('user', { required: true, description: 'The bot.' }),
      public_key: str({ required: true, platform: true, description: 'The public key in PEM.' }),
    }),
    result: 'true',
    answer: 'The key is registered.',
    errors: ['BadRequest', NOT_FOUND],
  }),

  sharePassportData: route({
    method: 'POST',
    path: '/passport/share',
    tag: 'messages',
    summary: 'Share Passport data with a bot as a user',
    description:
      "The user shares the given elements with the bot (the bot's Passport request names a `nonce`). " +
      'Parley encrypts each as the reference platform does (AES-256-CBC under a random secret per ' +
      "element and file, the credentials' secret under the bot's public key with RSA-OAEP) and the " +
      'bot gets a `message` with `passport_data` in the private chat; the files are stored encrypted ' +
      'and download with getFile. Sharing an element type clears the errors the bot set on it.',
    params: params('SharePassportDataParams', {
      user: ref('user', { required: true }),
      bot: ref('user', { required: true, description: 'The bot.' }),
      nonce: str({ required: true, platform: true, description: "The bot's nonce, 1-1024 characters." }),
      elements: array(
        obj({
          type: str({
            required: true,
            platform: true,
            description:
              'personal_details, passport, driver_license, identity_card, internal_passport, address, ' +
              'utility_bill, bank_statement, rental_agreement, passport_registration, ' +
              'temporary_registration, phone_number or email.',
          }),
          data: map(str(), {
            description:
              'The data fields (personal_details, identity documents, address), e.g. ' +
              '`{"first_name":"Alice","birth_date":"01.02.1990"}`.',
          }),
          phone_number: str({ description: "phone_number: digits; the user's own number when absent." }),
          email: str({ description: 'email: the address.' }),
          front_side: FILE,
          reverse_side: FILE,
          selfie: FILE,
          files: FILES,
          translation: FILES,
        }),
        { required: true, minItems: 1, description: 'One per element type.' },
      ),
    }),
    result: 'Message',
    answer: 'The message as the user sees it.',
    errors: ['BadRequest', NOT_FOUND],
  }),

  getPassportErrors: route({
    method: 'GET',
    path: '/passport/errors',
    tag: 'messages',
    summary: 'The Passport errors a bot set on what a user shared',
    description:
      "What the user's app shows (fix these fields): the errors of setPassportDataErrors, until the " +
      'user shares those element types again.',
    params: params('GetPassportErrorsParams', {
      user: ref('user', { required: true }),
      bot: ref('user', { required: true, description: 'The bot.' }),
    }),
    result: 'PassportErrors',
    answer: 'The errors, oldest first.',
    errors: ['BadRequest', NOT_FOUND],
  }),
} as const;
