/**
 * The control API's schema (ADR 0042): one definition per route, from which the server reads its
 * requests (readParams), the test kit has its types (control-types.ts) and the OpenAPI document is
 * generated (openapi.ts). It imports nothing outside this folder.
 */
export * from './dsl.js';
export { ParamError, readParams } from './read-params.js';
export {
  ADMIN_RIGHT_NAMES,
  BUSINESS_RIGHT_NAMES,
  PERMISSION_NAMES,
  type AdminRightName,
  type PermissionName,
} from './rights.js';
export { CONTROL_API } from './routes.js';
export type { ControlApi, ParamsByName, ResultTypeName, RouteId, RouteInput, RouteParams } from './routes.js';
export type { ReactionType } from './reactions-pins.js';
export { DICE_EMOJI } from './content.js';
export { MEDIA_KINDS } from './files.js';
export { GROUP_CHAT_TYPES } from './chats.js';
export { MAX_ADVANCE_SECONDS } from './clock.js';
export { MAX_DEVICE_DELAY } from './devices.js';
export { MAX_INT32 } from './common.js';
export { WORKSPACE_NAME, WORKSPACE_NAME_RULE } from './workspaces.js';
export { COMPONENT_SCHEMAS, RESULT_SCHEMAS, SHARED_ERRORS } from './components.js';
export type { ResultSchemas, ResultType } from './components.js';
export { external, type External, type FromSchema, type JsonSchema } from './json-schema.js';
export { controlOpenApi, controlOpenApiYaml } from './openapi.js';
