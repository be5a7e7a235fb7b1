/**
 * Faults on demand (ADR 0058): the stored fault rules, and their cache on the hot paths.
 *
 * Storage: the settings port. `faults.rules` holds the rules (JSON, read and written whole inside a
 * write, so two processes adding at once are serialised), `faults.next_id` numbers them, and
 * `faults.calls.<id>` counts a rule's matching calls with the port's atomic increment, so a
 * countdown or a seeded sequence is one sequence across every process on one database.
 *
 * The cache: one Map per surface from the bot or account id to its rules, rebuilt whole from the
 * store at start (`load`) and whenever `faults.changed` is heard (from this or another process) or
 * events may have been missed. The hot paths ask `forBot` / `forGateway` / `forWebhook`: one Map
 * lookup, undefined when no rule exists, and only then does a surface await `take`.
 */
import type { PlatformDeps } from '../core/platform-deps.js';
import {
  countsCalls,
  exhausted,
  expired,
  faultsCall,
  matchesMethod,
  type FaultRule,
  type FaultSurface,
} from './fault-rule.js';

export type { FaultRule, FaultSurface } from './fault-rule.js';

const RULES_KEY = 'faults.rules';
const NEXT_ID_KEY = 'faults.next_id';
const callsKey = (id: number) => `faults.calls.${id}`;

/** A new rule: everything but its id and creation time. */
export type NewFaultRule = Omit<FaultRule, 'id' | 'created_ms'>;

/** A rule as listed: with how many matching calls it has counted. */
export type ListedFaultRule = FaultRule & { calls?: number };

type RuleMap = Map<number, FaultRule[]>;

export class Faults {
  #bot: RuleMap = new Map();
  #gateway: RuleMap = new Map();
  #webhook: RuleMap = new Map();
  /** Moves on at every reload, so that a slower, older reload does not overwrite a newer one. */
  #generation = 0;

  constructor(private readonly deps: PlatformDeps) {
    const reload = () => {
      this.load().catch(() => undefined);
    };
    deps.bus.on('faults.changed', reload);
    deps.bus.on('events.resumed', reload);
  }

  /** Reads the rules from the store into the cache. */
  async load(): Promise<void> {
    const generation = ++this.#generation;
    const rules = await readRules(this.deps.store);
    if (generation === this.#generation) this.#apply(rules);
  }

  /** The rules for a bot's Bot API calls, or undefined (the common case: no await follows). */
  forBot(botId: number): readonly FaultRule[] | undefined {
    return this.#bot.get(botId);
  }

  forGateway(accountId: number): readonly FaultRule[] | undefined {
    return this.#gateway.get(accountId);
  }

  forWebhook(botId: number): readonly FaultRule[] | undefined {
    return this.#webhook.get(botId);
  }

  /**
   * The rule that faults this call, if any: the first of `rules` (oldest first) that matches the
   * method and, counting this call atomically where it counts, decides to fault it. A rule used up
   * or past its time is removed.
   */
  async take(rules: readonly FaultRule[], lowerMethod: string | undefined): Promise<FaultRule | undefined> {
    const { store, clock } = this.deps;
    for (const rule of rules) {
      if (!matchesMethod(rule, lowerMethod)) continue;
      const now = clock.nowMs();
      if (expired(rule, now)) {
        await this.#remove([rule.id]);
        continue;
      }
      let n = 0;
      if (countsCalls(rule)) {
        n = await store.write((tx) => tx.addToSetting(callsKey(rule.id), 1));
        if (rule.times !== undefined && n > rule.times) {
          await this.#remove([rule.id]);
          continue;
        }
        if (exhausted(rule, n)) await this.#remove([rule.id]);
      }
      if (faultsCall(rule, n, now)) return rule;
    }
    return undefined;
  }

  async add(rule: NewFaultRule): Promise<FaultRule> {
    const created = await this.deps.store.write(async (tx) => {
      const id = await tx.addToSetting(NEXT_ID_KEY, 1);
      const full: FaultRule = { id, ...rule, created_ms: this.deps.clock.nowMs() };
      const rules = parseRules(await tx.getSetting(RULES_KEY));
      rules.push(full);
      await tx.setSetting(RULES_KEY, JSON.stringify(rules));
      return { full, rules };
    });
    this.#changed(created.rules);
    return created.full;
  }

  /** The rules that `match` (every rule without), with their counts; those past their time are left out. */
  async list(match?: (rule: FaultRule) => boolean): Promise<ListedFaultRule[]> {
    const { store, clock } = this.deps;
    const now = clock.nowMs();
    const rules = (await readRules(store)).filter((rule) => !expired(rule, now) && (match?.(rule) ?? true));
    const listed: ListedFaultRule[] = [];
    for (const rule of rules) {
      if (!countsCalls(rule)) {
        listed.push(rule);
        continue;
      }
      listed.push({ ...rule, calls: Number((await store.getSetting(callsKey(rule.id))) ?? 0) });
    }
    return listed;
  }

  /** Removes the rules that `match`; answers how many. */
  async clear(match: (rule: FaultRule) => boolean): Promise<number> {
    const outcome = await this.deps.store.write(async (tx) => {
      const rules = parseRules(await tx.getSetting(RULES_KEY));
      const kept = rules.filter((rule) => !match(rule));
      if (kept.length !== rules.length) await tx.setSetting(RULES_KEY, JSON.stringify(kept));
      return { kept, removed: rules.length - kept.length };
    });
    if (outcome.removed > 0) this.#changed(outcome.kept);
    return outcome.removed;
  }

  async #remove(ids: number[]): Promise<void> {
    await this.clear((rule) => ids.includes(rule.id));
  }

  #changed(rules: FaultRule[]): void {
    this.#generation++;
    this.#apply(rules);
    this.deps.bus.emit('faults.changed', {});
  }

  #apply(rules: FaultRule[]): void {
    const bot: RuleMap = new Map();
    const gateway: RuleMap = new Map();
    const webhook: RuleMap = new Map();
    const maps: Record<FaultSurface, RuleMap> = { bot_api: bot, gateway, webhook };
    for (const rule of rules) {
      const map = maps[rule.surface];
      const list = map.get(rule.target_id);
      if (list) list.push(rule);
      else map.set(rule.target_id, [rule]);
    }
    this.#bot = bot;
    this.#gateway = gateway;
    this.#webhook = webhook;
  }
}

async function readRules(reader: { getSetting(key: string): Promise<string | undefined> }) {
  return parseRules(await reader.getSetting(RULES_KEY));
}

function parseRules(value: string | undefined): FaultRule[] {
  if (!value) return [];
  const parsed = JSON.parse(value) as unknown;
  return Array.isArray(parsed) ? (parsed as FaultRule[]) : [];
}
