import { randomBytes } from 'node:crypto';
import type { TAccountBalance, TPosting, TStoredEvent } from '@evalmarket/contracts';
import type { SqlClient } from '@evalmarket/db';
import type { EventStore, HashChainReport } from '@evalmarket/eventstore';
import { applyPostings, checkBalances, emptyAccountBalance, isUserAccount } from '@evalmarket/ledger';
import { readPostings } from './read-postings.js';
import { ProjectionStuckError } from './projection-errors.js';
import { readProjectionStatuses, type ProjectionStatus } from './projection-status.js';
import { WALLET_READ_MODELS, type ProjectionDefinition } from './projection-definition.js';
import { WALLET_PROJECTION } from './read-model-tables.js';
import { recordReplayComparisons } from './rebuild/replay-check.js';
import { ShadowReplay } from './rebuild/shadow-replay.js';
import { SerialLane } from './serial-lane.js';
import { waitForCheckpoint } from './wait-for-checkpoint.js';

export type AuditCheckName =
  | 'balances_sum_to_zero'
  | 'user_accounts_never_negative'
  | 'money_events_applied_once'
  | 'read_models_match_replay'
  | 'hash_chain_intact'
  | 'projections_running';

export interface AuditCheck {
  name: AuditCheckName;
  title: string;
  ok: boolean;
  summary: string;
  /** Every failure found; only the first `maxFailuresPerCheck` are described in `failures`. */
  failure_count: number;
  failures: string[];
}

export interface AuditReport {
  ok: boolean;
  /** The log was replayed up to here. */
  head_position: number;
  /** The read models were compared with the replay at this position (the projector's checkpoint). */
  checkpoint_position: number;
  events_checked: number;
  money_events: number;
  postings: number;
  accounts: number;
  checks: AuditCheck[];
  /** Every projection's checkpoint, lag behind the head and stuck record (check 6). */
  projections: ProjectionStatus[];
  duration_ms: number;
}

export interface AuditLedgerOptions {
  sql: SqlClient;
  store: EventStore;
  projection?: string;
  batchSize?: number;
  maxFailuresPerCheck?: number;
  /** Wait up to this long for the projector to reach the head before comparing; 0 compares at its checkpoint. */
  catchUpTimeoutMs?: number;
  /** Check 6 fails for a projection more events than this behind the head (default 1,000). */
  maxProjectionLag?: number;
  /**
   * The projections whose tables check 4 compares with a replay into shadow tables (the app's
   * registry); the wallet projection alone by default.
   */
  projections?: readonly ProjectionDefinition[];
}

export const DEFAULT_MAX_PROJECTION_LAG = 1_000;

/**
 * How many pages of "applied once" keys may wait to be written while the walk goes on: writing
 * them is a statement per page on a connection of its own, off the walk's path.
 */
const MAX_KEY_PAGES_BEHIND = 4;

const TITLES: Record<AuditCheckName, string> = {
  balances_sum_to_zero: 'Sum of all account balances is zero (posted and pending)',
  user_accounts_never_negative: 'No user account ever went negative',
  money_events_applied_once: 'Every money event applied exactly once',
  read_models_match_replay: 'Read models equal a replay of the log',
  hash_chain_intact: 'Hash chain intact',
  projections_running: 'Every projection runs and keeps up with the log',
};

export class CheckResult {
  count = 0;
  readonly failures: string[] = [];
  summary = '';
  constructor(
    readonly name: AuditCheckName,
    private readonly limit: number,
  ) {}
  fail(message: string): void {
    this.count += 1;
    if (this.failures.length < this.limit) this.failures.push(message);
  }
  toCheck(): AuditCheck {
    return {
      name: this.name,
      title: TITLES[this.name],
      ok: this.count === 0,
      summary: this.summary,
      failure_count: this.count,
      failures: this.failures,
    };
  }
}

interface ReadModelSnapshot {
  position: number;
  balances: Map<string, TAccountBalance>;
}

const COUNTERS = ['debits_pending', 'debits_posted', 'credits_pending', 'credits_posted'] as const;

/**
 * Replays the whole log page by page, recomputing every balance from the postings alone, and
 * checks the invariants of DESIGN section 4 plus the hash chain. Memory holds one page of events,
 * one balance per account and the reservations still open; the keys that prove "applied once" go
 * to a scratch table, so the log may be longer than memory.
 */
export async function auditLedger(options: AuditLedgerOptions): Promise<AuditReport> {
  const started = Date.now();
  const { sql, store } = options;
  const projection = options.projection ?? WALLET_PROJECTION;
  const limit = options.maxFailuresPerCheck ?? 20;
  const sums = new CheckResult('balances_sum_to_zero', limit);
  const negative = new CheckResult('user_accounts_never_negative', limit);
  const once = new CheckResult('money_events_applied_once', limit);
  const matches = new CheckResult('read_models_match_replay', limit);
  const chain = new CheckResult('hash_chain_intact', limit);

  if (options.catchUpTimeoutMs && options.catchUpTimeoutMs > 0) {
    const head = await store.headPosition();
    await waitForCheckpoint({ sql, projection, position: head, timeoutMs: options.catchUpTimeoutMs }).catch(
      () => undefined,
    );
  }
  const snapshot = await readModelSnapshot(sql, projection);
  const head = Math.max(await store.headPosition(), snapshot.position);

  const replay = new Map<string, TAccountBalance>();
  const openReservations = new Map<string, number>();
  const keys = await createKeyTable(sql);
  const keysWritten = new SerialLane();
  const shadow = await ShadowReplay.open(sql, options.projections ?? [WALLET_READ_MODELS]);
  let events = 0;
  let moneyEvents = 0;
  let postingCount = 0;
  let compared = false;
  const replayPage = async (page: readonly TStoredEvent[]) => {
    const pageKeys: PageKeys = { keys: [], positions: [] };
    for (const event of page) {
      if (!compared && event.global_position > snapshot.position) {
        compareWithReadModels(replay, snapshot, matches);
        compared = true;
      }
      events += 1;
      let postings: TPosting[] | undefined;
      try {
        postings = readPostings(event);
      } catch (error) {
        once.fail(`position ${event.global_position}: ${(error as Error).message}; not applied`);
        continue;
      }
      if (postings === undefined) continue;
      moneyEvents += 1;
      postingCount += postings.length;
      collectKeys(event, postings, pageKeys, once);
      trackReservations(event, postings, openReservations, once);
      applyPostings(replay, postings);
      checkUserAccounts(event, postings, replay, negative);
    }
    keysWritten.push(() => recordKeys(sql, keys, pageKeys));
    await keysWritten.waitUntilAtMost(MAX_KEY_PAGES_BEHIND);
    await shadow.applyPage(page);
  };
  let chainReport: HashChainReport;
  try {
    // One walk of the log checks the hash chain (to its end) and replays each page up to the head.
    chainReport = await store.verifyHashChain({
      batchSize: options.batchSize,
      onPage: async (page) => {
        const upToHead = page.filter((event) => event.global_position <= head);
        if (upToHead.length > 0) await replayPage(upToHead);
      },
    });
    await keysWritten.drain();
    if (!compared) compareWithReadModels(replay, snapshot, matches);
    // The keys are grouped while the shadows build their indexes and compare; both end before
    // the finally below drops their tables, whichever fails.
    const [repeated, settled] = await Promise.allSettled([
      findRepeatedKeys(sql, keys, once),
      shadow.settle({ store, swap: false, maxSamples: limit, batchSize: options.batchSize }),
    ]);
    if (repeated.status === 'rejected') throw repeated.reason;
    if (settled.status === 'rejected') throw settled.reason;
    recordReplayComparisons(settled.value, matches);
  } finally {
    await keysWritten.waitUntilAtMost(0);
    await sql.query(`DROP TABLE IF EXISTS ${keys}`);
    await shadow.close();
  }

  checkSums(replay, snapshot, sums);
  negative.summary = negative.count
    ? `${negative.count} time(s) a user account's debits exceeded its posted credits`
    : `debits_pending + debits_posted <= credits_posted after every event, for every user account`;
  once.summary = once.count
    ? `${once.count} problem(s) in ${moneyEvents} money events`
    : `${moneyEvents} money events, ${postingCount} postings: no event id, transfer phase or reservation used twice`;

  if (!chainReport.ok) {
    chain.fail(`broken at position ${chainReport.broken_at}: ${chainReport.reason ?? 'hash mismatch'}`);
  }
  chain.summary = chainReport.ok
    ? `${chainReport.checked} events linked`
    : `${chainReport.checked} events linked before the break`;

  const running = new CheckResult('projections_running', limit);
  const projections = await readProjectionStatuses(sql, head);
  checkProjections(projections, options.maxProjectionLag ?? DEFAULT_MAX_PROJECTION_LAG, running);

  const checks = [sums, negative, once, matches, chain, running].map((check) => check.toCheck());
  return {
    ok: checks.every((check) => check.ok),
    head_position: head,
    checkpoint_position: snapshot.position,
    events_checked: events,
    money_events: moneyEvents,
    postings: postingCount,
    accounts: replay.size,
    checks,
    projections,
    duration_ms: Date.now() - started,
  };
}

/** The checkpoint and every balance row as of one instant (they are committed together). */
async function readModelSnapshot(sql: SqlClient, projection: string): Promise<ReadModelSnapshot> {
  return sql.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    const checkpoint = await tx.query<{ position: number }>(
      'SELECT position FROM projection_checkpoints WHERE projection = $1',
      [projection],
    );
    const { rows } = await tx.query<TAccountBalance & Record<string, unknown>>(
      'SELECT account_id, debits_pending, debits_posted, credits_pending, credits_posted FROM account_balances',
    );
    const balances = new Map<string, TAccountBalance>();
    for (const row of rows) {
      balances.set(row.account_id, {
        account_id: row.account_id,
        debits_pending: Number(row.debits_pending),
        debits_posted: Number(row.debits_posted),
        credits_pending: Number(row.credits_pending),
        credits_posted: Number(row.credits_posted),
      });
    }
    return { position: Number(checkpoint.rows[0]?.position ?? 0), balances };
  });
}

/**
 * A scratch table of every "applied once" key with the position it was applied at. It has no
 * index: the keys are appended page by page and grouped once at the end (findRepeatedKeys),
 * which on a million-event world cost about a third of checking each page's keys against a
 * primary key as they arrived (3.7 s of the server's time against 10.6).
 */
async function createKeyTable(sql: SqlClient): Promise<string> {
  const name = `audit_keys_${randomBytes(6).toString('hex')}`;
  await sql.query(`CREATE UNLOGGED TABLE ${name} (key text NOT NULL, position bigint NOT NULL)`);
  return name;
}

/** One page's "applied once" keys, each with the position of the event that applied it. */
interface PageKeys {
  keys: string[];
  positions: number[];
}

/**
 * The facts that may appear once in the whole log: each money event's id and each transfer's
 * phase (a transfer is reserved once, posted or voided once). Several legs of one transfer in one
 * event are one fact; the same leg twice in one event is a duplicate.
 */
function collectKeys(
  event: TStoredEvent,
  postings: readonly TPosting[],
  pageKeys: PageKeys,
  once: CheckResult,
): void {
  const eventKeys = new Set<string>([`event ${event.event_id}`]);
  const legs = new Set<string>();
  for (const posting of postings) {
    const leg = `${posting.code}|${posting.transfer_id}|${posting.phase}|${posting.debit}|${posting.credit}`;
    if (legs.has(leg)) {
      once.fail(
        `position ${event.global_position} (${event.type}): posting ${posting.transfer_id} ${posting.phase} ` +
          `${posting.debit} -> ${posting.credit} appears twice in the event`,
      );
    }
    legs.add(leg);
    eventKeys.add(`transfer ${posting.transfer_id} (${posting.code}) ${posting.phase}`);
  }
  for (const key of eventKeys) {
    pageKeys.keys.push(key);
    pageKeys.positions.push(event.global_position);
  }
}

/** Appends one page's keys to the scratch table. */
async function recordKeys(sql: SqlClient, table: string, pageKeys: PageKeys): Promise<void> {
  if (pageKeys.keys.length === 0) return;
  await sql.query(`INSERT INTO ${table} (key, position) SELECT * FROM unnest($1::text[], $2::bigint[])`, [
    pageKeys.keys,
    pageKeys.positions,
  ]);
}

/** Every key applied more than once: each later application is a failure naming the first, in log order. */
async function findRepeatedKeys(sql: SqlClient, table: string, once: CheckResult): Promise<void> {
  const { rows } = await sql.query<{ key: string; position: number; first: number }>(
    `WITH repeated AS (SELECT key, min(position) AS first FROM ${table} GROUP BY key HAVING count(*) > 1)
     SELECT k.key, k.position, r.first FROM ${table} k JOIN repeated r ON r.key = k.key
     WHERE k.position > r.first ORDER BY k.position`,
  );
  for (const row of rows) {
    once.fail(
      `${row.key} at position ${Number(row.position)} was already applied at position ${Number(row.first)}`,
    );
  }
}

/** A post or void must settle a reservation that is still open, for no more than it reserved. */
function trackReservations(
  event: TStoredEvent,
  postings: readonly TPosting[],
  open: Map<string, number>,
  once: CheckResult,
): void {
  const settled = new Set<string>();
  for (const posting of postings) {
    // Transfer ids are unique per kind of movement (purchase, reward, cash-out...), not across kinds.
    const key = `${posting.code} ${posting.transfer_id}`;
    if (posting.phase === 'pending') {
      open.set(key, (open.get(key) ?? 0) + posting.amount);
    } else if (posting.phase === 'post_pending' || posting.phase === 'void_pending') {
      const remaining = open.get(key);
      if (remaining === undefined) {
        if (!settled.has(key)) {
          once.fail(
            `position ${event.global_position} (${event.type}): ${posting.phase} of transfer ${posting.transfer_id}, ` +
              `which is not pending (never reserved, or already posted or voided)`,
          );
        }
        settled.add(key);
        continue;
      }
      if (remaining < posting.amount) {
        once.fail(
          `position ${event.global_position} (${event.type}): ${posting.phase} of ${posting.amount} on transfer ` +
            `${posting.transfer_id}, which has only ${remaining} reserved`,
        );
      }
      open.set(key, remaining - posting.amount);
      settled.add(key);
    }
  }
  // A reservation is settled once, whole: whatever a post leaves over is not pending any more.
  for (const transfer of settled) open.delete(transfer);
}

function checkUserAccounts(
  event: TStoredEvent,
  postings: readonly TPosting[],
  balances: Map<string, TAccountBalance>,
  negative: CheckResult,
): void {
  const seen = new Set<string>();
  for (const posting of postings) {
    for (const account of [posting.debit, posting.credit]) {
      if (seen.has(account) || !isUserAccount(account)) continue;
      seen.add(account);
      const b = balances.get(account) ?? emptyAccountBalance(account);
      if (b.debits_pending + b.debits_posted > b.credits_posted) {
        negative.fail(
          `${account} at position ${event.global_position} (${event.type}): debits ` +
            `${b.debits_pending + b.debits_posted} (pending ${b.debits_pending} + posted ${b.debits_posted}) ` +
            `exceed credits posted ${b.credits_posted}`,
        );
      }
    }
  }
}

function compareWithReadModels(
  replay: Map<string, TAccountBalance>,
  snapshot: ReadModelSnapshot,
  matches: CheckResult,
): void {
  const accounts = new Set([...replay.keys(), ...snapshot.balances.keys()]);
  let differing = 0;
  for (const account of [...accounts].sort()) {
    const expected = replay.get(account) ?? emptyAccountBalance(account);
    const actual = snapshot.balances.get(account) ?? emptyAccountBalance(account);
    const wrong = COUNTERS.filter((counter) => expected[counter] !== actual[counter]);
    if (wrong.length === 0) continue;
    differing += 1;
    const details = wrong.map((c) => `${c} is ${actual[c]} in the read model, ${expected[c]} in the replay`);
    const presence = !snapshot.balances.has(account)
      ? ' (no read-model row)'
      : !replay.has(account)
        ? ' (not in the log)'
        : '';
    matches.fail(`${account}${presence}: ${details.join('; ')}`);
  }
  matches.summary = differing
    ? `${differing} of ${accounts.size} accounts differ at checkpoint ${snapshot.position}`
    : `${accounts.size} accounts equal the replay at checkpoint ${snapshot.position}`;
}

function checkSums(
  replay: Map<string, TAccountBalance>,
  snapshot: ReadModelSnapshot,
  sums: CheckResult,
): void {
  // BigInt: the total of many safe integers need not be one.
  const total = (balances: Iterable<TAccountBalance>) => {
    let posted = 0n;
    let pending = 0n;
    for (const b of balances) {
      posted += BigInt(b.credits_posted) - BigInt(b.debits_posted);
      pending += BigInt(b.credits_pending) - BigInt(b.debits_pending);
    }
    return { posted, pending };
  };
  const sides = [
    { name: 'replay', balances: replay },
    { name: 'read models', balances: snapshot.balances },
  ];
  const described: string[] = [];
  for (const side of sides) {
    const { posted, pending } = total(side.balances.values());
    if (posted !== 0n) sums.fail(`${side.name}: posted balances sum to ${posted}`);
    if (pending !== 0n) sums.fail(`${side.name}: pending balances sum to ${pending}`);
    // Per-account negativity is check 2; here only counters no account may ever show.
    for (const violation of checkBalances(side.balances.values())) {
      if (violation.invariant === 'counter_out_of_range') sums.fail(`${side.name}: ${violation.message}`);
    }
    described.push(`${side.name} (${side.balances.size} accounts): posted ${posted}, pending ${pending}`);
  }
  sums.summary = described.join('; ');
}

/** Check 6: no projection is stopped at an event, none is more than `maxLag` events behind. */
function checkProjections(projections: ProjectionStatus[], maxLag: number, check: CheckResult): void {
  for (const status of projections) {
    if (status.stuck) {
      check.fail(`${new ProjectionStuckError(status.stuck).message}; ${status.lag} event(s) behind the head`);
    } else if (status.lag > maxLag) {
      check.fail(
        `projection ${status.projection} is at position ${status.position}, ${status.lag} events behind the head (more than ${maxLag})`,
      );
    }
  }
  const lags = projections.map((status) => `${status.projection} ${status.lag} behind`).join(', ');
  check.summary = check.count
    ? `${check.count} of ${projections.length} projection(s) stopped or behind`
    : `${projections.length} projection(s) running (${lags || 'none yet'})`;
}
