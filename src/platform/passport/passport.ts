/**
 * Passport (docs/passport.md, ADR 0054): an operator registers a bot's RSA public key; a person
 * shares Passport elements with the bot, which Parley encrypts as the reference platform does
 * (passport-crypto.ts) and delivers as a private-chat `message` with `passport_data`; the bot
 * answers with setPassportDataErrors, which the person sees until they share those elements again.
 *
 * State: the key is the setting `passport.public_key.<bot id>`; each share replaces the kept hashes
 * of its element types (passport_elements) and clears the errors of those types (passport_errors),
 * in the write that stores the message; setPassportDataErrors checks and replaces errors in one
 * write, so a refused call changes nothing and a concurrent share is seen whole or not at all.
 */
import { PlatformError } from '../core/errors.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { MessageContent, WireMessage } from '../core/wire-types.js';
import type { Files } from '../files/files.js';
import type { Messages } from '../messages/messages.js';
import type { Users } from '../users/users.js';
import type { UserRow } from '../../storage/store.js';
import { encryptSecretForBot, encryptValue, readPublicKey } from './passport-crypto.js';
import {
  BLANK_DATA_FIELDS,
  DATA_FIELDS,
  elementHash,
  hasData,
  isElementType,
  isFileDocument,
  isIdentityDocument,
  isTwoSided,
  REQUIRED_DATA_FIELDS,
  type ElementType,
  type SharedElementHashes,
} from './passport-elements.js';
import { checkPassportError, type PassportElementError } from './passport-errors.js';

/** "All Telegram Passport files are in JPEG format when decrypted and don't exceed 10MB." */
export const MAX_PASSPORT_FILE_BYTES = 10 << 20;
/** Scans and translation pages of one element; the manual gives no limit, this is Parley's. */
export const MAX_PASSPORT_FILES = 20;
/** The bot's nonce (the manual: the request's `nonce`); Parley's bound. */
export const MAX_NONCE_LENGTH = 1024;

const KEY_SETTING = 'passport.public_key.';

/** One element a person shares, in plain form (the control API decodes the files' base64). */
export interface ShareElementInput {
  type: string;
  /** personal_details, identity documents and address: the data fields. */
  data?: Record<string, unknown> | undefined;
  /** phone_number: digits; the person's own number when absent. */
  phone_number?: string | undefined;
  email?: string | undefined;
  front_side?: Buffer | undefined;
  reverse_side?: Buffer | undefined;
  selfie?: Buffer | undefined;
  files?: Buffer[] | undefined;
  translation?: Buffer[] | undefined;
}

export interface PassportErrorsView {
  bot_id: number;
  /** The errors the bot set, as it gave them, with the time it set them. */
  errors: Array<PassportElementError & { date: number }>;
}

interface WirePassportFile {
  file_id: string;
  file_unique_id: string;
  file_size: number;
  file_date: number;
}

interface FileCredentials {
  file_hash: string;
  secret: string;
}

const b64 = (bytes: Buffer) => bytes.toString('base64');
const bad = (message: string) => new PlatformError('BAD_REQUEST', message);
const isJpeg = (bytes: Buffer) =>
  bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

export class Passport {
  constructor(
    private readonly deps: PlatformDeps,
    private readonly users: Users,
    private readonly messages: Messages,
    private readonly files: Files,
  ) {}

  /** Registers (or replaces) a bot's Passport public key, an RSA key of 2048 bits or more in PEM. */
  async setPublicKey(botRef: string, pem: string): Promise<void> {
    const bot = await this.users.resolve(botRef, 'bot');
    const read = readPublicKey(pem);
    if ('reason' in read) throw bad(read.reason);
    const spki = read.key.export({ type: 'spki', format: 'pem' }).toString();
    await this.deps.store.write((tx) => tx.setSetting(`${KEY_SETTING}${bot.id}`, spki));
  }

  /**
   * A person shares Passport elements with a bot: each is encrypted, its files stored encrypted,
   * and the bot gets a `message` with `passport_data` in the private chat. Answers the message as
   * the person sees it.
   */
  async share(
    userRef: string,
    botRef: string,
    nonce: string,
    elements: ShareElementInput[],
  ): Promise<WireMessage> {
    const user = await this.users.resolve(userRef, 'user');
    const bot = await this.users.resolve(botRef, 'bot');
    const pem = await this.deps.store.getSetting(`${KEY_SETTING}${bot.id}`);
    if (pem === undefined) {
      throw bad(`@${bot.username} has no Passport public key (POST /control/bots/passport-key)`);
    }
    if (nonce === '' || nonce.length > MAX_NONCE_LENGTH)
      throw bad(`nonce must be 1-${MAX_NONCE_LENGTH} characters`);
    checkElements(elements);

    const now = this.deps.clock.now();
    const data: Array<Record<string, unknown>> = [];
    const secureData: Record<string, Record<string, unknown>> = {};
    const kept = new Map<string, SharedElementHashes>();
    for (const element of elements) {
      const built = await this.#encryptElement(
        element as ShareElementInput & { type: ElementType },
        user,
        now,
      );
      data.push(built.wire);
      if (Object.keys(built.credentials).length > 0) secureData[element.type] = built.credentials;
      kept.set(element.type, built.hashes);
    }
    const credentials = encryptValue(
      Buffer.from(JSON.stringify({ secure_data: secureData, nonce })),
      this.deps.random,
    );
    const content: MessageContent = {
      passport_data: {
        data,
        credentials: {
          data: b64(credentials.data),
          hash: b64(credentials.hash),
          secret: b64(encryptSecretForBot(credentials.secret, pem)),
        },
      },
    };
    // The body keeps the sender's file_ids, as for other media; every viewer gets its own on render.
    await this.files.bindFileIds(this.deps.store, user.id, content);
    const types = [...kept.keys()];
    return this.messages.deliverFromUser(user, String(bot.id), content, undefined, async (tx) => {
      for (const [type, hashes] of kept) {
        await tx.putPassportElement({
          bot_id: bot.id,
          user_id: user.id,
          type,
          hashes: JSON.stringify(hashes),
          shared_at: now,
        });
      }
      await tx.deletePassportErrors(bot.id, user.id, types);
    });
  }

  async #encryptElement(element: ShareElementInput & { type: ElementType }, user: UserRow, now: number) {
    const { type } = element;
    const wire: Record<string, unknown> = { type };
    const credentials: Record<string, unknown> = {};
    const parts: Omit<SharedElementHashes, 'element_hash'> = {};
    const values: string[] = [];
    if (element.data !== undefined && hasData(type)) {
      const blanks = Object.fromEntries(BLANK_DATA_FIELDS[type].map((field) => [field, '']));
      const plain = JSON.stringify({ ...blanks, ...element.data });
      const encrypted = encryptValue(Buffer.from(plain), this.deps.random);
      wire.data = b64(encrypted.data);
      credentials.data = { data_hash: b64(encrypted.hash), secret: b64(encrypted.secret) };
      parts.data_hash = b64(encrypted.hash);
    }
    if (type === 'phone_number') {
      wire.phone_number = element.phone_number ?? (user.phone_number ?? '').replace(/^\+/, '');
      values.push(wire.phone_number as string);
    }
    if (type === 'email') {
      wire.email = element.email;
      values.push(element.email!);
    }
    const file = async (bytes: Buffer) => {
      const encrypted = encryptValue(bytes, this.deps.random);
      const row = await this.files.storeForPerson('passport', {
        data: encrypted.data,
        filename: '',
        mimeType: '',
      });
      const passportFile: WirePassportFile = {
        file_id: '',
        file_unique_id: row.unique_id,
        file_size: row.size,
        file_date: now,
      };
      const fileCredentials: FileCredentials = {
        file_hash: b64(encrypted.hash),
        secret: b64(encrypted.secret),
      };
      return { passportFile, fileCredentials };
    };
    const many = async (list: Buffer[]) => {
      const done = [];
      for (const bytes of list) done.push(await file(bytes));
      return done;
    };
    if (element.files !== undefined) {
      const done = await many(element.files);
      wire.files = done.map((f) => f.passportFile);
      credentials.files = done.map((f) => f.fileCredentials);
      parts.files = done.map((f) => f.fileCredentials.file_hash);
    }
    for (const side of ['front_side', 'reverse_side', 'selfie'] as const) {
      const bytes = element[side];
      if (bytes === undefined) continue;
      const done = await file(bytes);
      wire[side] = done.passportFile;
      credentials[side] = done.fileCredentials;
      parts[side] = done.fileCredentials.file_hash;
    }
    if (element.translation !== undefined) {
      const done = await many(element.translation);
      wire.translation = done.map((f) => f.passportFile);
      credentials.translation = done.map((f) => f.fileCredentials);
      parts.translation = done.map((f) => f.fileCredentials.file_hash);
    }
    const hash = elementHash(type, parts, values);
    wire.hash = hash;
    return { wire, credentials, hashes: { ...parts, element_hash: hash } };
  }

  /**
   * setPassportDataErrors: every error must fit its element type and name hashes of what the
   * person shared with this bot; then the errors replace the earlier ones of the element types
   * they name. All or nothing.
   */
  async setErrors(botId: number, userId: number, errors: PassportElementError[]): Promise<void> {
    const user = await this.users.resolve(userId, 'user');
    const now = this.deps.clock.now();
    await this.deps.store.write(async (tx) => {
      const shared = new Map<string, SharedElementHashes>();
      for (const row of await tx.listPassportElements(botId, user.id)) {
        shared.set(row.type, JSON.parse(row.hashes) as SharedElementHashes);
      }
      for (const error of errors) {
        const problem = checkPassportError(error, shared);
        if (problem) {
          throw new PlatformError(
            'PASSPORT_ERROR_INVALID',
            `refused Passport error of "${error.type}"`,
            problem,
          );
        }
      }
      if (errors.length === 0) return;
      const types = [...new Set(errors.map((error) => error.type))];
      // Numbered after every error kept so far, so that listing by seq gives the order they were set in.
      const next = 1 + Math.max(-1, ...(await tx.listPassportErrors(botId, user.id)).map((row) => row.seq));
      const rows = errors.map((error, i) => ({
        bot_id: botId,
        user_id: user.id,
        type: error.type,
        seq: next + i,
        error: JSON.stringify(error),
        created_at: now,
      }));
      await tx.replacePassportErrors(botId, user.id, types, rows);
    });
  }

  /** The errors a bot set on what the person shared with it, as the person's app shows them. */
  async listErrors(userRef: string, botRef: string): Promise<PassportErrorsView> {
    const user = await this.users.resolve(userRef, 'user');
    const bot = await this.users.resolve(botRef, 'bot');
    const rows = await this.deps.store.listPassportErrors(bot.id, user.id);
    return {
      bot_id: bot.id,
      errors: rows.map((row) => ({
        ...(JSON.parse(row.error) as PassportElementError),
        date: row.created_at,
      })),
    };
  }
}

/** The elements a person shares, checked against what each type may hold (passport-elements.ts). */
export function checkElements(elements: ShareElementInput[]): void {
  if (elements.length === 0) throw bad('elements must not be empty');
  const seen = new Set<string>();
  for (const element of elements) {
    const { type } = element;
    if (!isElementType(type)) throw bad(`unknown Passport element type "${type}"`);
    if (seen.has(type)) throw bad(`element type "${type}" is given twice`);
    seen.add(type);
    const not = (field: string) => bad(`${type}: ${field} is not allowed for this element type`);
    const need = (field: string) => bad(`${type}: ${field} is required`);

    if (hasData(type)) {
      if (element.data === undefined) throw need('data');
      const fields: readonly string[] = DATA_FIELDS[type];
      for (const [key, value] of Object.entries(element.data)) {
        if (!fields.includes(key)) throw bad(`${type}: "${key}" is not a data field (${fields.join(', ')})`);
        if (typeof value !== 'string') throw bad(`${type}: data field "${key}" must be a string`);
      }
      for (const field of REQUIRED_DATA_FIELDS[type]) {
        if (!element.data[field]) throw bad(`${type}: data field "${field}" is required`);
      }
    } else if (element.data !== undefined) throw not('data');

    if (type === 'phone_number') {
      if (element.phone_number !== undefined && !/^\d{5,15}$/.test(element.phone_number.replace(/^\+/, ''))) {
        throw bad('phone_number: phone_number must be 5-15 digits');
      }
    } else if (element.phone_number !== undefined) throw not('phone_number');

    if (type === 'email') {
      if (element.email === undefined) throw need('email');
      if (!/^[^@\s]+@[^@\s]+$/.test(element.email)) throw bad('email: email is not an email address');
    } else if (element.email !== undefined) throw not('email');

    const identity = isIdentityDocument(type);
    const scans = isFileDocument(type);
    if (identity && element.front_side === undefined) throw need('front_side');
    if (!identity && element.front_side !== undefined) throw not('front_side');
    if (isTwoSided(type) && element.reverse_side === undefined) throw need('reverse_side');
    if (!isTwoSided(type) && element.reverse_side !== undefined) throw not('reverse_side');
    if (!identity && element.selfie !== undefined) throw not('selfie');
    if (scans && (element.files ?? []).length === 0) throw need('files');
    if (!scans && element.files !== undefined) throw not('files');
    if (!identity && !scans && element.translation !== undefined) throw not('translation');

    const files = [
      ...(element.front_side ? [element.front_side] : []),
      ...(element.reverse_side ? [element.reverse_side] : []),
      ...(element.selfie ? [element.selfie] : []),
      ...(element.files ?? []),
      ...(element.translation ?? []),
    ];
    if (
      (element.files?.length ?? 0) > MAX_PASSPORT_FILES ||
      (element.translation?.length ?? 0) > MAX_PASSPORT_FILES
    ) {
      throw bad(`${type}: at most ${MAX_PASSPORT_FILES} files and ${MAX_PASSPORT_FILES} translation pages`);
    }
    for (const bytes of files) {
      if (!isJpeg(bytes)) throw bad(`${type}: Passport files must be JPEG images`);
      if (bytes.length > MAX_PASSPORT_FILE_BYTES) throw bad(`${type}: a Passport file is at most 10 MB`);
    }
  }
}
