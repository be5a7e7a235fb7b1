/**
 * The kinds of Passport element and what each may hold (reference/bot-api-10.1.json,
 * EncryptedPassportElement and the PassportElementError types; the reference's Passport manual for
 * the data fields), and the hashes Parley keeps of what a person shared, against which
 * setPassportDataErrors checks the hashes a bot names (ADR 0054). Pure: no storage, no time.
 */
import { createHash } from 'node:crypto';

/** Elements whose data is a JSON object of these fields (the manual's PersonalDetails, IdDocumentData, ResidentialAddress). */
export const DATA_FIELDS = {
  personal_details: [
    'first_name',
    'last_name',
    'middle_name',
    'birth_date',
    'gender',
    'country_code',
    'residence_country_code',
    'first_name_native',
    'last_name_native',
    'middle_name_native',
  ],
  passport: ['document_no', 'expiry_date'],
  driver_license: ['document_no', 'expiry_date'],
  identity_card: ['document_no', 'expiry_date'],
  internal_passport: ['document_no', 'expiry_date'],
  address: ['street_line1', 'street_line2', 'city', 'state', 'country_code', 'post_code'],
} as const satisfies Record<string, readonly string[]>;

/**
 * Data fields a person's app always fills (the manual's PersonalDetails, IdDocumentData and
 * ResidentialAddress; python-telegram-bot's classes need them): required when sharing.
 */
export const REQUIRED_DATA_FIELDS: Record<DataElementType, readonly string[]> = {
  personal_details: [
    'first_name',
    'last_name',
    'birth_date',
    'gender',
    'country_code',
    'residence_country_code',
  ],
  passport: ['document_no'],
  driver_license: ['document_no'],
  identity_card: ['document_no'],
  internal_passport: ['document_no'],
  address: ['street_line1', 'city', 'country_code', 'post_code'],
};

/** Fields the app sends empty when the person leaves them blank (no expiry date, no second line). */
export const BLANK_DATA_FIELDS: Record<DataElementType, readonly string[]> = {
  personal_details: [],
  passport: ['expiry_date'],
  driver_license: ['expiry_date'],
  identity_card: ['expiry_date'],
  internal_passport: ['expiry_date'],
  address: ['street_line2', 'state'],
};

/** Identity documents: a front side, maybe a selfie and a translation. */
export const IDENTITY_DOCUMENTS = [
  'passport',
  'driver_license',
  'identity_card',
  'internal_passport',
] as const;
/** Identity documents that also have a reverse side. */
export const TWO_SIDED_DOCUMENTS = ['driver_license', 'identity_card'] as const;
/** Documents of scanned files (proof of address), maybe with a translation. */
export const FILE_DOCUMENTS = [
  'utility_bill',
  'bank_statement',
  'rental_agreement',
  'passport_registration',
  'temporary_registration',
] as const;

/** Every element type, in the reference's order. */
export const ELEMENT_TYPES = [
  'personal_details',
  ...IDENTITY_DOCUMENTS,
  'address',
  ...FILE_DOCUMENTS,
  'phone_number',
  'email',
] as const;

export type ElementType = (typeof ELEMENT_TYPES)[number];
export type DataElementType = keyof typeof DATA_FIELDS;

export function isElementType(type: string): type is ElementType {
  return (ELEMENT_TYPES as readonly string[]).includes(type);
}

export function hasData(type: ElementType): type is DataElementType {
  return Object.hasOwn(DATA_FIELDS, type);
}

export const isIdentityDocument = (type: string) => (IDENTITY_DOCUMENTS as readonly string[]).includes(type);
export const isTwoSided = (type: string) => (TWO_SIDED_DOCUMENTS as readonly string[]).includes(type);
export const isFileDocument = (type: string) => (FILE_DOCUMENTS as readonly string[]).includes(type);

/** The sources of PassportElementError, and the element types each may name (the JSON's lists). */
export const ERROR_SOURCES = {
  data: Object.keys(DATA_FIELDS),
  front_side: [...IDENTITY_DOCUMENTS],
  reverse_side: [...TWO_SIDED_DOCUMENTS],
  selfie: [...IDENTITY_DOCUMENTS],
  file: [...FILE_DOCUMENTS],
  files: [...FILE_DOCUMENTS],
  translation_file: [...IDENTITY_DOCUMENTS, ...FILE_DOCUMENTS],
  translation_files: [...IDENTITY_DOCUMENTS, ...FILE_DOCUMENTS],
  unspecified: [...ELEMENT_TYPES],
} as const satisfies Record<string, readonly string[]>;

export type ErrorSource = keyof typeof ERROR_SOURCES;

export function isErrorSource(source: string): source is ErrorSource {
  return Object.hasOwn(ERROR_SOURCES, source);
}

/**
 * What Parley keeps of one shared element (base64 hashes, as the bot sees them): the data's hash,
 * each file's hash and the element's own hash. Kept until the person shares that type again.
 */
export interface SharedElementHashes {
  data_hash?: string;
  front_side?: string;
  reverse_side?: string;
  selfie?: string;
  files?: string[];
  translation?: string[];
  /** EncryptedPassportElement.hash (PassportElementErrorUnspecified's element_hash). */
  element_hash: string;
}

/**
 * The element's hash (EncryptedPassportElement.hash): the reference does not say how it is made;
 * Parley's is SHA-256 over the type and every hash and value of the element (ADR 0054), so it
 * changes whenever any part of the element does.
 */
export function elementHash(
  type: ElementType,
  parts: Omit<SharedElementHashes, 'element_hash'>,
  values: string[],
) {
  return createHash('sha256')
    .update(JSON.stringify([type, parts, values]))
    .digest('base64');
}

/** Base64 as the reference's td::is_base64 takes it: the standard alphabet, padded to 4. */
export function isBase64(text: string): boolean {
  return text.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(text);
}
