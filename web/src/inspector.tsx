/**
 * The operator's inspector (ADR 0055): bots with their webhooks and pending updates, gateway
 * accounts with their requests (statuses, the codes as received), delivery reports with their
 * signatures and attempts, and the ledger; the virtual clock with an advance control. Live: the
 * inspector's event stream names what changed and that part is read again. Raw JSON of any update or
 * request is one click away.
 */
import { useCallback, useEffect, useState } from 'preact/hooks';
import {
  admin,
  controlApi,
  fetchLocalAdminToken,
  followInspector,
  type BotSummary,
  type FaultRule,
  type WebhookAttempt,
  type DeliveryAttempt,
  type GatewayAccount,
  type LedgerEntry,
  type PendingUpdate,
  type VerificationRequest,
} from './control.js';
import { Timeline } from './timeline.js';

function date(seconds: number | undefined): string {
  return seconds === undefined ? '' : new Date(seconds * 1000).toISOString().replace('T', ' ').slice(0, 19);
}

function Json({ value, label = 'JSON' }: { value: unknown; label?: string }) {
  return (
    <details class="json">
      <summary>{label}</summary>
      <pre>{JSON.stringify(value, null, 2)}</pre>
    </details>
  );
}

/** Re-runs `load` when the inspector's stream says `area` (or everything) changed. */
function useLive<T>(load: () => Promise<T>, areas: string[], version: Record<string, number>) {
  const [value, setValue] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = areas.map((area) => version[area] ?? 0).join('.') + '.' + (version.all ?? 0);
  useEffect(() => {
    let current = true;
    load().then(
      (result) => current && (setValue(result), setError(null)),
      (e: Error) => current && setError(e.message),
    );
    return () => {
      current = false;
    };
  }, [key, load]);
  return { value, error };
}

function Bots({ version }: { version: Record<string, number> }) {
  const { value: bots, error } = useLive(controlApi.bots, ['bots'], version);
  const [open, setOpen] = useState<number | null>(null);
  return (
    <section aria-labelledby="bots-title" class="panel">
      <h2 id="bots-title">Bots</h2>
      {error && <p role="alert">{error}</p>}
      <table>
        <thead>
          <tr>
            <th>Bot</th>
            <th>Delivery</th>
            <th>Pending</th>
            <th>Last error</th>
          </tr>
        </thead>
        <tbody>
          {(bots ?? []).map((bot: BotSummary) => (
            <tr key={bot.id}>
              <td>
                <button
                  type="button"
                  onClick={() => setOpen(open === bot.id ? null : bot.id)}
                  aria-expanded={open === bot.id}
                >
                  {bot.first_name} @{bot.username}
                </button>
              </td>
              <td>{bot.webhook.url ? `webhook ${bot.webhook.url}` : 'getUpdates'}</td>
              <td>{bot.pending_update_count}</td>
              <td>
                {bot.webhook.last_error_message
                  ? `${date(bot.webhook.last_error_date)} ${bot.webhook.last_error_message}`
                  : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {open !== null && <Updates bot={open} version={version} />}
      {open !== null && <Deliveries bot={open} version={version} />}
    </section>
  );
}

/** A fault rule in a line: what it does, to what, for how long. */
function faultText(rule: FaultRule): string {
  const effect = rule.drop
    ? 'drop the connection'
    : rule.status !== undefined
      ? `answer ${rule.status}`
      : `add ${rule.latency_ms ?? 0} ms`;
  const scope = `${rule.surface === 'webhook' ? 'webhook delivery' : (rule.method ?? 'every method')}`;
  const span = [
    rule.times !== undefined ? `${rule.calls ?? 0}/${rule.times} calls` : '',
    rule.until !== undefined ? `until ${date(rule.until)}` : '',
    rule.probability !== undefined ? `p=${rule.probability}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  return `#${rule.id} ${scope}: ${effect}${span ? ` (${span})` : ''}`;
}

/** The bot's webhook deliveries (attempts, statuses, timing; replay) and its faults on demand. */
function Deliveries({ bot, version }: { bot: number; version: Record<string, number> }) {
  const [refreshed, setRefreshed] = useState(0);
  const load = useCallback(() => controlApi.deliveries(bot), [bot, refreshed]);
  const { value: log } = useLive(load, ['bots'], version);
  const { value: faults } = useLive(
    useCallback(() => controlApi.faults(bot), [bot, refreshed]),
    ['bots'],
    version,
  );
  const [note, setNote] = useState<string | null>(null);
  const replay = (attempt: WebhookAttempt) => {
    controlApi.replay(bot, attempt.update_id).then(
      (answer) => {
        setNote(`update ${attempt.update_id}: ${answer.mode}`);
        setRefreshed((n) => n + 1);
      },
      (e: Error) => setNote(e.message),
    );
  };
  return (
    <div class="sub">
      <h3>Webhook deliveries</h3>
      <button type="button" onClick={() => setRefreshed((n) => n + 1)}>
        Refresh deliveries
      </button>
      {note && <p role="status">{note}</p>}
      {log && log.attempts.length === 0 && <p>No webhook delivery attempts.</p>}
      <table aria-label="Webhook deliveries">
        <tbody>
          {(log?.attempts ?? []).map((attempt) => (
            <tr key={attempt.id}>
              <td>
                <code>{attempt.update_id}</code> {attempt.update_type}
              </td>
              <td>attempt {attempt.attempt}</td>
              <td class="outcome">
                {attempt.outcome}
                {attempt.status_code !== undefined ? ` (HTTP ${attempt.status_code})` : ''}
                {attempt.error ? ` ${attempt.error}` : ''}
              </td>
              <td>{attempt.duration_ms} ms</td>
              <td>
                <small>{date(attempt.date)}</small>
              </td>
              <td>
                {attempt.outcome !== 'failed' && (
                  <button type="button" onClick={() => replay(attempt)}>
                    Replay
                  </button>
                )}
                {attempt.body && <Json value={JSON.parse(attempt.body) as unknown} label="Body" />}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>Faults on demand</h3>
      {faults && faults.length === 0 && <p>None (parley fault add).</p>}
      <ul>
        {(faults ?? []).map((rule) => (
          <li key={rule.id}>{faultText(rule)}</li>
        ))}
      </ul>
    </div>
  );
}

function Updates({ bot, version }: { bot: number; version: Record<string, number> }) {
  const load = useCallback(() => controlApi.updates(bot), [bot]);
  const { value: updates } = useLive(load, ['bots'], version);
  return (
    <div class="sub">
      <h3>Pending updates</h3>
      {updates && updates.length === 0 && <p>None: the bot has taken every update.</p>}
      <ol class="updates">
        {(updates ?? []).map((update: PendingUpdate) => (
          <li key={update.update_id}>
            <code>{update.update_id}</code> {update.type} <small>{date(update.date)}</small>
            {update.attempts > 0 && (
              <small>
                {' '}
                · {update.attempts} webhook attempts, next {date(update.next_attempt_date)}
              </small>
            )}
            <Json value={update.update} />
          </li>
        ))}
      </ol>
    </div>
  );
}

function Gateway({ version }: { version: Record<string, number> }) {
  const { value: accounts, error } = useLive(controlApi.accounts, ['gateway'], version);
  const [open, setOpen] = useState<number | null>(null);
  return (
    <section aria-labelledby="gateway-title" class="panel">
      <h2 id="gateway-title">Gateway accounts</h2>
      {error && <p role="alert">{error}</p>}
      <ul class="accounts">
        {(accounts ?? []).map((account: GatewayAccount) => (
          <li key={account.id}>
            <button
              type="button"
              onClick={() => setOpen(open === account.id ? null : account.id)}
              aria-expanded={open === account.id}
            >
              Account {account.id} · {account.owner.phone_number} · {account.balance} credits
            </button>
          </li>
        ))}
      </ul>
      {open !== null && <Account account={open} version={version} />}
    </section>
  );
}

function Account({ account, version }: { account: number; version: Record<string, number> }) {
  const requests = useLive(
    useCallback(() => controlApi.requests(account), [account]),
    ['gateway'],
    version,
  ).value;
  const log = useLive(
    useCallback(() => controlApi.deliveryLog(account), [account]),
    ['gateway'],
    version,
  ).value;
  const ledger = useLive(
    useCallback(() => controlApi.ledger(account), [account]),
    ['gateway'],
    version,
  ).value;
  return (
    <div class="sub">
      <h3>Requests</h3>
      <table aria-label="Verification requests">
        <thead>
          <tr>
            <th>Request</th>
            <th>Phone</th>
            <th>Delivery</th>
            <th>Verification</th>
            <th>Code</th>
            <th>Cost</th>
            <th>Raw</th>
          </tr>
        </thead>
        <tbody>
          {(requests ?? []).map((request: VerificationRequest) => (
            <tr key={request.request_id} data-request-id={request.request_id}>
              <td>
                <code>{request.request_id}</code>
              </td>
              <td>{request.phone_number}</td>
              <td class="delivery-status">{request.delivery_status ?? 'not sent'}</td>
              <td>{request.verification_status ?? ''}</td>
              <td class="code">
                <code>{request.code ?? ''}</code>
              </td>
              <td>
                {request.cost}
                {request.is_refunded ? ' (refunded)' : ''}
              </td>
              <td>
                <Json value={request} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>Delivery reports</h3>
      {log && log.attempts.length === 0 && (
        <p>No reports sent (requests without a callback_url send none).</p>
      )}
      <ol class="reports">
        {(log?.attempts ?? []).map((attempt: DeliveryAttempt) => (
          <li key={attempt.id}>
            <code>{attempt.request_id}</code> attempt {attempt.attempt} → {attempt.url}: {attempt.outcome}
            {attempt.status_code !== undefined ? ` (HTTP ${attempt.status_code})` : ''}
            {attempt.error ? ` ${attempt.error}` : ''} <small>{date(attempt.date)}</small>
            <Json
              value={{ signature: attempt.signature, body: JSON.parse(attempt.body) as unknown }}
              label="Signature and body"
            />
          </li>
        ))}
      </ol>
      <h3>Ledger</h3>
      <table aria-label="Ledger">
        <tbody>
          {(ledger ?? []).map((entry: LedgerEntry) => (
            <tr key={entry.id}>
              <td>{date(entry.created_at)}</td>
              <td>{entry.kind}</td>
              <td>{entry.amount}</td>
              <td>{entry.balance_after}</td>
              <td>{entry.request_id ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Clock({ version }: { version: Record<string, number> }) {
  const { value: clock } = useLive(controlApi.clock, ['clock'], version);
  const [seconds, setSeconds] = useState('60');
  const [error, setError] = useState<string | null>(null);
  return (
    <section aria-labelledby="clock-title" class="panel">
      <h2 id="clock-title">Virtual clock</h2>
      <p>
        Now <time>{date(clock?.now)}</time> (ahead of real time by {clock?.offset_seconds ?? 0} s)
      </p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setError(null);
          controlApi.advance(Number(seconds)).catch((e: Error) => setError(e.message));
        }}
      >
        <label>
          Seconds
          <input
            type="number"
            min="1"
            value={seconds}
            onInput={(event) => setSeconds(event.currentTarget.value)}
          />
        </label>
        <button type="submit">Advance clock</button>
        {error && <p role="alert">{error}</p>}
      </form>
    </section>
  );
}

export function Inspector() {
  const [token, setToken] = useState<string | null>(admin.token);
  const [given, setGiven] = useState('');
  const [version, setVersion] = useState<Record<string, number>>({});

  useEffect(() => {
    if (token) return;
    fetchLocalAdminToken().then(
      (local) => {
        if (local) {
          admin.token = local;
          setToken(local);
        }
      },
      () => undefined,
    );
  }, [token]);

  useEffect(() => {
    if (!token) return;
    return followInspector((area) => setVersion((old) => ({ ...old, [area]: (old[area] ?? 0) + 1 })));
  }, [token]);

  if (!token) {
    return (
      <main class="inspector">
        <h1>Inspector</h1>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            admin.token = given.trim();
            setToken(given.trim());
          }}
        >
          <label>
            Admin token
            <input type="password" value={given} onInput={(event) => setGiven(event.currentTarget.value)} />
          </label>
          <button type="submit">Open</button>
        </form>
      </main>
    );
  }
  return (
    <main class="inspector">
      <header>
        <h1>Inspector</h1>
        <a href="#">Back to chats</a>
      </header>
      <Timeline version={version} />
      <Clock version={version} />
      <Bots version={version} />
      <Gateway version={version} />
    </main>
  );
}
