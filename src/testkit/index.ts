/**
 * The test kit (`parley-server/testkit`, docs/testing.md): `createParley()`, a server with people who act
 * and wait (ADR 0057), and the typed client of the control API for tests of bots and of the platform.
 */
export { ControlClient, MAX_WAIT_TIMEOUT_SECONDS } from './control-client.js';
export type { ControlClientOptions, WaitOptions } from './control-client.js';
export { ControlApiError, UNEXPECTED_RESPONSE } from './control-api-error.js';
export type * from '../wire/control-types.js';
/** Every Bot API type the platform answers (`BotApi.PhotoSize`, `BotApi.ChatMember`, ...), generated (ADR 0068). */
export type * as BotApi from '../wire/bot-api-types.js';
// From their own module: wire/control-types.js takes them from the schema's index, which loads the
// result schemas, the OpenAPI document and its YAML writer (some 100 KB a test never uses, issue 28).
export { ADMIN_RIGHT_NAMES, PERMISSION_NAMES } from '../wire/control-schema/rights.js';
export { createParley } from './parley.js';
export type * from './parley.js';
