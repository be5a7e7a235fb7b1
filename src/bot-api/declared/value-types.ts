/**
 * The types of parameter values the runner hands to a handler (method-values.ts, ADR 0084) beside
 * numbers, strings and Booleans.
 */
import type { UploadedFile } from '../params.js';

/** An InputFile (reference §1.4): a multipart upload, or a file_id or URL. */
export type InputFileValue = { readonly upload: UploadedFile } | { readonly ref: string };

/**
 * A JSON-typed parameter's text (an object, an array, a union of types), read by the handler's own
 * reader, since each answers bad JSON with its own text ("can't parse reply keyboard markup JSON
 * object"). Nested too deeply, it reads as text that is not JSON (params.ts).
 */
export type JsonText = string;
