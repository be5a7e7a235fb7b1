/**
 * `POST /control/faults`, `GET /control/faults`, `POST /control/faults/clear`: fault rules (ADR 0058),
 * kept by the platform (platform/faults/faults.ts) and applied by each surface.
 */
import { ControlError, type ControlContext, type RouteContext } from '../control-context.js';
import type { FaultRule, FaultSurface, ListedFaultRule, NewFaultRule } from '../../platform/faults/faults.js';

interface ScopeInput {
  readonly bot: string | undefined;
  readonly gateway_account: number | undefined;
  readonly webhook: boolean | undefined;
}

/**
 * Who a rule is for. To add, `bot` alone means its Bot API calls; to list and clear, `bot` alone
 * means both its calls and its webhook, and `webhook` narrows to the webhook.
 */
interface Scope {
  surfaces: FaultSurface[];
  targetId: number;
}

const inScope = (scope: Scope | undefined) => (rule: FaultRule) =>
  scope === undefined || (scope.surfaces.includes(rule.surface) && rule.target_id === scope.targetId);

/** The scope named by the input, or undefined when none is (`required`: refused then). */
async function readScope(ctx: ControlContext<ScopeInput>, required: boolean): Promise<Scope | undefined> {
  const { bot, gateway_account: account, webhook } = ctx.input;
  if (bot !== undefined && account !== undefined) {
    throw new ControlError(400, 'BAD_REQUEST', 'give either bot or gateway_account, not both');
  }
  if (account !== undefined) {
    if (webhook) throw new ControlError(400, 'BAD_REQUEST', 'webhook goes with bot');
    await ctx.platform.gateway.accounts.view(account); // GATEWAY_ACCOUNT_NOT_FOUND
    return { surfaces: ['gateway'], targetId: account };
  }
  if (bot !== undefined) {
    const user = await ctx.platform.users.resolve(bot, 'bot');
    const surfaces: FaultSurface[] = webhook ? ['webhook'] : required ? ['bot_api'] : ['bot_api', 'webhook'];
    return { surfaces, targetId: user.id };
  }
  if (webhook) throw new ControlError(400, 'BAD_REQUEST', 'webhook goes with bot');
  if (required) throw new ControlError(400, 'BAD_REQUEST', 'bot or gateway_account is required');
  return undefined;
}

/** The rule as the control API shows it: virtual times in Unix seconds. */
function view(rule: ListedFaultRule): Record<string, unknown> {
  const { until_ms, created_ms, ...rest } = rule;
  const shown: Record<string, unknown> = { ...rest, created_at: Math.floor(created_ms / 1000) };
  if (until_ms !== undefined) shown.until = Math.floor(until_ms / 1000);
  return shown;
}

export async function addFault(ctx: RouteContext<'addFault'>) {
  const { input, platform } = ctx;
  const scope = (await readScope(ctx, true))!;
  const surface = scope.surfaces[0]!;
  const rule: NewFaultRule = { surface, target_id: scope.targetId };
  if (input.method !== undefined) {
    if (surface === 'webhook') throw new ControlError(400, 'BAD_REQUEST', 'a webhook fault has no method');
    rule.method = input.method.toLowerCase();
  }
  if (input.error !== undefined) {
    if (surface !== 'gateway') throw new ControlError(400, 'BAD_REQUEST', 'error is for gateway faults');
    if (!/^[A-Z][A-Z0-9_]{1,63}$/.test(input.error)) {
      throw new ControlError(400, 'BAD_REQUEST', 'error must be an upper-case code such as FLOOD_WAIT_5');
    }
    rule.error = input.error;
  }
  if (input.description !== undefined) {
    if (surface !== 'bot_api')
      throw new ControlError(400, 'BAD_REQUEST', 'description is for Bot API faults');
    rule.description = input.description;
  }
  if (input.status !== undefined) rule.status = input.status;
  if (input.retry_after !== undefined) rule.retry_after = input.retry_after;
  if (input.latency_ms !== undefined) rule.latency_ms = input.latency_ms;
  if (input.drop) rule.drop = true;
  if (rule.status === undefined && rule.error === undefined && !rule.drop && rule.latency_ms === undefined) {
    throw new ControlError(400, 'BAD_REQUEST', 'give an effect: status, error, latency_ms or drop');
  }
  if (rule.drop && (rule.status !== undefined || rule.error !== undefined)) {
    throw new ControlError(400, 'BAD_REQUEST', 'drop answers nothing: give no status or error with it');
  }
  if (input.times !== undefined) rule.times = input.times;
  const now = platform.deps.clock.nowMs();
  if (input.for_seconds !== undefined && input.until !== undefined) {
    throw new ControlError(400, 'BAD_REQUEST', 'give either for_seconds or until, not both');
  }
  if (input.for_seconds !== undefined) rule.until_ms = now + input.for_seconds * 1000;
  if (input.until !== undefined) {
    if (input.until * 1000 <= now) throw new ControlError(400, 'BAD_REQUEST', 'until must be in the future');
    rule.until_ms = input.until * 1000;
  }
  if (input.probability !== undefined) {
    rule.probability = input.probability;
    rule.seed = input.seed ?? 0;
  } else if (input.seed !== undefined) {
    throw new ControlError(400, 'BAD_REQUEST', 'seed goes with probability');
  }
  return view(await platform.faults.add(rule));
}

export async function listFaults(ctx: RouteContext<'listFaults'>) {
  const scope = await readScope(ctx, false);
  const rules = await ctx.platform.faults.list(inScope(scope));
  return rules.map(view);
}

export async function clearFaults(ctx: RouteContext<'clearFaults'>) {
  const scope = await readScope(ctx, false);
  const id = ctx.input.id;
  const matches = inScope(scope);
  const removed = await ctx.platform.faults.clear(
    (rule) => (id === undefined || rule.id === id) && matches(rule),
  );
  return { removed };
}
