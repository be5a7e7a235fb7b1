/**
 * Passport over real HTTP with grammY (docs/passport.md, ADR 0054): an operator registers a bot's
 * RSA public key; a person shares Passport elements; the bot (grammY) gets `passport_data`, which
 * this test decrypts with its own implementation of the reference platform's scheme (node:crypto,
 * written here independently of Parley's code) using the bot's private key: the values are what the
 * person shared, the files download with getFile and decrypt to the person's bytes, and a wrong
 * private key opens nothing. setPassportDataErrors checks every error against the shared hashes,
 * refuses wrong ones with nothing changed, and the person sees the errors until they share again.
 */
import {
  constants,
  createDecipheriv,
  createHash,
  generateKeyPairSync,
  privateDecrypt,
  type KeyObject,
} from 'node:crypto';
import { Bot, type Context } from 'grammy';
import type { Message } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/in-process.js';
import { failure, groupKit } from './helpers/groups.js';
import { jpegHeader, noise } from './helpers/media-bytes.js';
import { waitFor } from './helpers/wait-for.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const { person, bot: makeBot } = groupKit(() => server);
const control = () => server.control;

const rsa = (bits = 2048) =>
  generateKeyPairSync('rsa', {
    modulusLength: bits,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

/** Personal details with the fields a person's app always fills. */
const details = (first_name: string, last_name: string) => ({
  first_name,
  last_name,
  birth_date: '01.02.1990',
  gender: 'male',
  country_code: 'GB',
  residence_country_code: 'GB',
});

/** A small JPEG: a real header, then noise, then the end marker. */
const jpeg = (seed: number) =>
  Buffer.concat([jpegHeader(40, 30), noise(300, seed), Buffer.from([0xff, 0xd9])]);

// ---- the bot's side, written from the reference platform's manual ("Decrypting data") ----------

/** SHA-512(secret ‖ hash) gives key (32 bytes) and iv (16); AES-256-CBC; check SHA-256; strip padding. */
function decrypt(data: Buffer, secret: Buffer, hash: Buffer): Buffer {
  const digest = createHash('sha512')
    .update(Buffer.concat([secret, hash]))
    .digest();
  const decipher = createDecipheriv('aes-256-cbc', digest.subarray(0, 32), digest.subarray(32, 48));
  decipher.setAutoPadding(false);
  const padded = Buffer.concat([decipher.update(data), decipher.final()]);
  expect(createHash('sha256').update(padded).digest().equals(hash)).toBe(true);
  const padding = padded[0]!;
  expect(padding).toBeGreaterThanOrEqual(32);
  expect(padding).toBeLessThanOrEqual(255);
  expect(padded.length % 16).toBe(0);
  return padded.subarray(padding);
}

interface Credentials {
  secure_data: Record<string, Record<string, unknown>>;
  nonce: string;
}

type PassportData = NonNullable<Message['passport_data']>;

function openCredentials(passport: PassportData, privateKey: KeyObject | string): Credentials {
  const { credentials } = passport;
  const secret = privateDecrypt(
    { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
    Buffer.from(credentials.secret, 'base64'),
  );
  const plain = decrypt(
    Buffer.from(credentials.data, 'base64'),
    secret,
    Buffer.from(credentials.hash, 'base64'),
  );
  return JSON.parse(plain.toString('utf8')) as Credentials;
}

const b = (text: string) => Buffer.from(text, 'base64');

function openData(passport: PassportData, creds: Credentials, type: string): Record<string, string> {
  const element = passport.data.find((e) => e.type === type)!;
  const { data_hash, secret } = creds.secure_data[type]!.data as { data_hash: string; secret: string };
  return JSON.parse(decrypt(b(element.data!), b(secret), b(data_hash)).toString('utf8')) as Record<
    string,
    string
  >;
}

/** A bot that records the messages with passport_data it receives by long polling (grammY). */
async function passportBot() {
  const made = await makeBot('passport');
  const bot = new Bot(made.token, { client: { apiRoot: server.url } });
  const received: Message[] = [];
  bot.on('message:passport_data', (ctx: Context) => {
    received.push(ctx.message!);
  });
  await new Promise<void>((resolve) => void bot.start({ onStart: () => resolve() }));
  return { made, bot, received, username: `@${made.record.username}` };
}

describe('Passport', () => {
  it('delivers data that the bot decrypts with its private key, and only with it', async () => {
    const alice = await person('Alice');
    const { made, bot, received, username } = await passportBot();
    try {
      const keys = rsa();
      expect(await control().setBotPassportKey({ bot: username, public_key: keys.publicKey })).toBe(true);
      const front = jpeg(1);
      const selfie = jpeg(2);
      const bill = [jpeg(3), jpeg(4)];
      const shared = await control().sharePassportData({
        user: alice.id,
        bot: username,
        nonce: 'order-42',
        elements: [
          {
            type: 'personal_details',
            data: {
              ...details('Alice', 'Liddell'),
              birth_date: '04.05.1852',
              gender: 'female',
              middle_name: 'P',
            },
          },
          {
            type: 'passport',
            data: { document_no: 'X1234567', expiry_date: '01.01.2030' },
            front_side: front.toString('base64'),
            selfie: selfie.toString('base64'),
          },
          {
            type: 'address',
            data: { street_line1: '1 Rabbit Hole', city: 'Oxford', country_code: 'GB', post_code: 'OX1' },
          },
          { type: 'utility_bill', files: bill.map((f) => f.toString('base64')) },
          { type: 'email', email: 'alice@example.com' },
          { type: 'phone_number' },
        ],
      });
      expect(shared.passport_data).toBeDefined();

      const message = await waitFor(() => received[0], { what: 'passport_data' });
      expect(message.from?.id).toBe(alice.id);
      expect(message.chat).toMatchObject({ id: alice.id, type: 'private' });
      const passport = message.passport_data!;
      expect(passport.data.map((e) => e.type)).toEqual([
        'personal_details',
        'passport',
        'address',
        'utility_bill',
        'email',
        'phone_number',
      ]);

      const creds = openCredentials(passport, keys.privateKey);
      expect(creds.nonce).toBe('order-42');
      expect(openData(passport, creds, 'personal_details')).toEqual({
        ...details('Alice', 'Liddell'),
        birth_date: '04.05.1852',
        gender: 'female',
        middle_name: 'P',
      });
      expect(openData(passport, creds, 'passport')).toEqual({
        document_no: 'X1234567',
        expiry_date: '01.01.2030',
      });
      // Fields left blank are sent empty, as the person's app sends them.
      expect(openData(passport, creds, 'address')).toEqual({
        street_line1: '1 Rabbit Hole',
        street_line2: '',
        city: 'Oxford',
        state: '',
        country_code: 'GB',
        post_code: 'OX1',
      });
      const email = passport.data.find((e) => e.type === 'email')!;
      expect(email.email).toBe('alice@example.com');
      expect(email.data).toBeUndefined();
      expect(passport.data.find((e) => e.type === 'phone_number')!.phone_number).toBe(
        alice.phone_number.replace('+', ''),
      );
      expect(creds.secure_data.email).toBeUndefined();

      // Files: PassportFile objects that getFile resolves; the bytes are encrypted; they decrypt to
      // what the person shared.
      const doc = passport.data.find((e) => e.type === 'passport')!;
      // Uploaded as the person shared, just before the message was written (a second boundary may
      // fall between the two).
      expect(doc.front_side!.file_date).toBeLessThanOrEqual(message.date);
      expect(doc.front_side!.file_date).toBeGreaterThanOrEqual(message.date - 5);
      expect(doc.reverse_side).toBeUndefined();
      const download = async (fileId: string) => {
        const file = await bot.api.getFile(fileId);
        expect(file.file_path).toMatch(/^passport\/file_\d+$/);
        const response = await fetch(`${server.url}/file/bot${made.token}/${file.file_path}`);
        expect(response.status).toBe(200);
        const bytes = Buffer.from(await response.arrayBuffer());
        expect(bytes.length).toBe(file.file_size);
        return bytes;
      };
      const docCreds = creds.secure_data.passport as Record<string, { file_hash: string; secret: string }>;
      const encryptedFront = await download(doc.front_side!.file_id);
      expect(encryptedFront.equals(front)).toBe(false);
      expect(
        decrypt(encryptedFront, b(docCreds.front_side!.secret), b(docCreds.front_side!.file_hash)),
      ).toEqual(front);
      const encryptedSelfie = await download(doc.selfie!.file_id);
      expect(decrypt(encryptedSelfie, b(docCreds.selfie!.secret), b(docCreds.selfie!.file_hash))).toEqual(
        selfie,
      );
      const billElement = passport.data.find((e) => e.type === 'utility_bill')!;
      const billCreds = creds.secure_data.utility_bill!.files as Array<{ file_hash: string; secret: string }>;
      expect(billElement.files).toHaveLength(2);
      for (const [i, file] of billElement.files!.entries()) {
        const encrypted = await download(file.file_id);
        expect(decrypt(encrypted, b(billCreds[i]!.secret), b(billCreds[i]!.file_hash))).toEqual(bill[i]);
      }

      // Another key pair cannot open the credentials.
      const wrong = rsa();
      expect(() => openCredentials(passport, wrong.privateKey)).toThrow();
    } finally {
      await bot.stop();
    }
  });

  it('checks setPassportDataErrors against the shared hashes; the person sees the errors until sharing again', async () => {
    const bob = await person('Bob');
    const carol = await person('Carol');
    const { bot, received, username } = await passportBot();
    try {
      const keys = rsa();
      await control().setBotPassportKey({ bot: username, public_key: keys.publicKey });
      const share = (elements: Parameters<TestServer['control']['sharePassportData']>[0]['elements']) =>
        control().sharePassportData({ user: bob.id, bot: username, nonce: 'n1', elements });
      await share([
        { type: 'personal_details', data: details('Bob', 'Builder') },
        {
          type: 'driver_license',
          data: { document_no: 'D-1' },
          front_side: jpeg(11).toString('base64'),
          reverse_side: jpeg(12).toString('base64'),
          translation: [jpeg(13).toString('base64')],
        },
        { type: 'bank_statement', files: [jpeg(14).toString('base64'), jpeg(15).toString('base64')] },
      ]);
      const message = await waitFor(() => received[0], { what: 'passport_data' });
      const passport = message.passport_data!;
      const creds = openCredentials(passport, keys.privateKey);
      const sd = creds.secure_data as Record<
        string,
        Record<string, { data_hash?: string; file_hash?: string }>
      >;
      const fileHashes = (type: string, key: string) =>
        (creds.secure_data[type]![key] as Array<{ file_hash: string }>).map((f) => f.file_hash);
      const license = passport.data.find((e) => e.type === 'driver_license')!;

      const nameError = {
        source: 'data' as const,
        type: 'personal_details' as const,
        field_name: 'last_name',
        data_hash: sd.personal_details!.data!.data_hash!,
        message: 'Last name does not match the document',
      };
      const reverseHash = sd.driver_license!.reverse_side!.file_hash!;
      const errors = [
        nameError,
        {
          source: 'reverse_side' as const,
          type: 'driver_license' as const,
          file_hash: sd.driver_license!.reverse_side!.file_hash!,
          message: 'Blurry',
        },
        {
          source: 'translation_file' as const,
          type: 'driver_license' as const,
          file_hash: fileHashes('driver_license', 'translation')[0]!,
          message: 'Translation unreadable',
        },
        {
          source: 'files' as const,
          type: 'bank_statement' as const,
          file_hashes: fileHashes('bank_statement', 'files'),
          message: 'Statement too old',
        },
        {
          source: 'unspecified' as const,
          type: 'driver_license' as const,
          element_hash: license.hash,
          message: 'Expired licence',
        },
      ];
      expect(await bot.api.setPassportDataErrors(bob.id, errors)).toBe(true);
      const seen = await control().getPassportErrors({ user: bob.id, bot: username });
      expect(seen.errors.map((e) => [e.type, e.source, e.message])).toEqual(
        errors.map((e) => [e.type, e.source, e.message]),
      );
      expect(seen.errors[0]).toMatchObject({ field_name: 'last_name', date: expect.any(Number) });

      // Refused calls change nothing; each answers its reason.
      const refusals: Array<[unknown, string]> = [
        [
          [{ ...errors[0], data_hash: sd.driver_license!.data!.data_hash }],
          `Bad Request: data_hash doesn't match the shared Telegram Passport element "personal_details"`,
        ],
        [
          [{ source: 'reverse_side', type: 'passport', file_hash: reverseHash, message: 'x' }],
          'Bad Request: wrong Telegram Passport element type "passport" specified for error source "reverse_side"',
        ],
        [
          [{ source: 'selfie', type: 'driver_license', file_hash: reverseHash, message: 'x' }],
          `Bad Request: file_hash doesn't match the shared Telegram Passport element "driver_license"`,
        ],
        [
          [{ source: 'unspecified', type: 'address', element_hash: license.hash, message: 'x' }],
          `Bad Request: Telegram Passport element "address" wasn't shared with the bot`,
        ],
        [
          [{ ...errors[0], field_name: 'shoe_size' }],
          'Bad Request: field "shoe_size" isn\'t a data field of Telegram Passport element "personal_details"',
        ],
        [
          [{ source: 'files', type: 'bank_statement', file_hashes: [], message: 'x' }],
          'Bad Request: file_hashes must be non-empty',
        ],
        [
          [{ source: 'front_side', type: 'passport', file_hash: 'not base64!', message: 'x' }],
          "Bad Request: can't parse PassportElementError: hash isn't a valid base64-encoded string",
        ],
        [
          [{ source: 'data', type: 'visa', data_hash: 'AAAA', field_name: 'x', message: 'x' }],
          "Bad Request: can't parse PassportElementError: wrong Telegram Passport element type specified",
        ],
        [
          [{ source: 'elsewhere', type: 'passport', message: 'x' }],
          "Bad Request: can't parse PassportElementError: wrong source specified",
        ],
        [
          [{ source: 'selfie', type: 'passport', message: 'x' }],
          `Bad Request: can't parse PassportElementError: Can't find field "file_hash"`,
        ],
        [
          [{ type: 'passport', element_hash: 'AAAA' }],
          `Bad Request: can't parse PassportElementError: Can't find field "message"`,
        ],
        [{ not: 'an array' }, 'Bad Request: expected an Array of PassportElementError'],
      ];
      for (const [bad, description] of refusals) {
        // A valid error first: the whole call is refused, so it is not stored either.
        const call = bot.api.raw.setPassportDataErrors({
          user_id: bob.id,
          errors: (Array.isArray(bad) ? [errors[3], ...bad] : bad) as never,
        });
        expect(await failure(call)).toMatchObject({ code: 400, description });
      }
      expect(await failure(bot.api.setPassportDataErrors(0, errors))).toMatchObject({
        description: 'Bad Request: invalid user_id specified',
      });
      // Carol shared nothing with the bot: Bob's hashes name nothing of hers.
      expect((await failure(bot.api.setPassportDataErrors(carol.id, [errors[3]!]))).description).toBe(
        `Bad Request: Telegram Passport element "bank_statement" wasn't shared with the bot`,
      );
      expect((await control().getPassportErrors({ user: bob.id, bot: username })).errors).toEqual(
        seen.errors,
      );

      // A call replaces the errors of the types it names only.
      await bot.api.setPassportDataErrors(bob.id, [
        { ...errors[3]!, message: 'Statement is not in your name' },
      ]);
      const replaced = await control().getPassportErrors({ user: bob.id, bot: username });
      expect(replaced.errors.map((e) => e.message)).toEqual([
        'Last name does not match the document',
        'Blurry',
        'Translation unreadable',
        'Expired licence',
        'Statement is not in your name',
      ]);

      // Sharing personal_details again clears its errors; the others stay; the old hash is gone.
      await share([{ type: 'personal_details', data: details('Bob', 'Baumeister') }]);
      await waitFor(() => received[1], { what: 'second passport_data' });
      const after = await control().getPassportErrors({ user: bob.id, bot: username });
      expect(after.errors.map((e) => e.type)).toEqual([
        'driver_license',
        'driver_license',
        'driver_license',
        'bank_statement',
      ]);
      expect((await failure(bot.api.setPassportDataErrors(bob.id, [errors[0]!]))).description).toBe(
        `Bad Request: data_hash doesn't match the shared Telegram Passport element "personal_details"`,
      );
      const fresh = openCredentials(received[1]!.passport_data!, keys.privateKey);
      expect(openData(received[1]!.passport_data!, fresh, 'personal_details').last_name).toBe('Baumeister');
      const newHash = (fresh.secure_data.personal_details!.data as { data_hash: string }).data_hash;
      expect(await bot.api.setPassportDataErrors(bob.id, [{ ...nameError, data_hash: newHash }])).toBe(true);
    } finally {
      await bot.stop();
    }
  });

  it('refuses keys that are not RSA public keys of 2048 bits, shares without a key, and bad elements', async () => {
    const dave = await person('Dave');
    const made = await makeBot('nokey');
    const username = `@${made.record.username}`;
    const refused = async (call: Promise<unknown>) => {
      try {
        await call;
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('the call succeeded');
    };
    expect(
      await refused(
        control().sharePassportData({
          user: dave.id,
          bot: username,
          nonce: 'n',
          elements: [{ type: 'email', email: 'd@example.com' }],
        }),
      ),
    ).toMatch(/has no Passport public key/);
    expect(await refused(control().setBotPassportKey({ bot: username, public_key: 'hello' }))).toMatch(
      /not a PEM public key/,
    );
    expect(
      await refused(control().setBotPassportKey({ bot: username, public_key: rsa(1024).publicKey })),
    ).toMatch(/at least 2048 bits/);
    const ec = generateKeyPairSync('ec', {
      namedCurve: 'prime256v1',
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    expect(await refused(control().setBotPassportKey({ bot: username, public_key: ec.publicKey }))).toMatch(
      /RSA/,
    );

    await control().setBotPassportKey({ bot: username, public_key: rsa().publicKey });
    const share = (elements: Parameters<TestServer['control']['sharePassportData']>[0]['elements']) =>
      refused(control().sharePassportData({ user: dave.id, bot: username, nonce: 'n', elements }));
    expect(await share([{ type: 'passport', data: { document_no: '1' } }])).toMatch(/front_side is required/);
    expect(
      await share([
        { type: 'identity_card', data: { document_no: 'I-1' }, front_side: jpeg(1).toString('base64') },
      ]),
    ).toMatch(/reverse_side is required/);
    expect(await share([{ type: 'personal_details', data: { first_name: 'Dave' } }])).toMatch(
      /data field "last_name" is required/,
    );
    expect(await share([{ type: 'personal_details', data: { shoe_size: '42' } }])).toMatch(
      /not a data field/,
    );
    expect(
      await share([{ type: 'utility_bill', files: [Buffer.from('not a jpeg').toString('base64')] }]),
    ).toMatch(/JPEG/);
    expect(await share([{ type: 'email' }])).toMatch(/email is required/);
    expect(await share([{ type: 'visa' }])).toMatch(/unknown Passport element type/);
    // Nothing was delivered.
    expect(await control().listMessages({ user: dave.id, chat: username })).toEqual([]);
  });
});
