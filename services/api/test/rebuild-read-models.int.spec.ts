import { auditLedger, readTableShape, rebuildReadModels, type AuditReport } from '@evalmarket/projector';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PEOPLE, seedDemoWorld } from '../src/demo/seed-demo-world.js';
import { READ_MODEL_PROJECTIONS } from '../src/runtime/read-model-projections.js';
import { eventually, localStripe } from './support/payments.js';
import { EMBEDDED_MODE, servicesMode, startTestRuntime } from './support/runtime.js';
import { signIn } from './support/sign-in.js';
import type { Runtime } from '../src/runtime/start-runtime.js';

const MODES =
  process.env.DATABASE_URL && process.env.NATS_URL
    ? [EMBEDDED_MODE, servicesMode('REBUILD')]
    : [EMBEDDED_MODE];

const DOMAIN = READ_MODEL_PROJECTIONS.find((projection) => projection.name === 'domain')!;

describe.each(MODES)('rebuilding every projection ($name)', (mode) => {
  let runtime: Awaited<ReturnType<typeof startTestRuntime>>;
  beforeAll(async () => {
    runtime = await startTestRuntime(mode);
    expect(await seedDemoWorld(runtime.app, runtime.context, runtime.localLangfuse)).toBe(true);
    await inviteSomeone(runtime);
    await firstLangfuseSync(runtime);
    await caughtUp(runtime);
  }, 120_000);
  afterAll(async () => {
    await runtime?.stop();
  });

  const audit = () =>
    auditLedger({ sql: runtime.sql, store: runtime.store, projections: READ_MODEL_PROJECTIONS });

  it('audits a world built through the routes: every projection equals a replay', async () => {
    const report = await audit();
    expect(failures(report)).toEqual([]);
    const check = report.checks.find((c) => c.name === 'read_models_match_replay')!;
    expect(check.summary).toMatch(/wallet: 3 table\(s\), \d+ rows equal the replay/);
    expect(check.summary).toMatch(/domain: 22 table\(s\), \d+ rows equal the replay/);
  });

  it('names a corrupted row of each domain read model, and the swap repairs all of them', async () => {
    const tables = await nonEmptyTables(runtime);
    // The demo world fills most of the domain's tables; each kind of read model is covered.
    expect(tables).toEqual(
      expect.arrayContaining([
        'users',
        'evaluator_applications',
        'evaluations',
        'evaluation_configs',
        'evaluation_items',
        'evaluation_assignments',
        'evaluation_votes',
        'evaluation_credits',
        'project_api_keys',
        'evaluation_invitations',
        'payment_customers',
        'saved_payment_methods',
        'auto_recharge_settings',
        'payout_accounts',
        'cashouts',
      ]),
    );
    // The demo world's background work (Langfuse sync, lease expiry) settles first, so the
    // tables dumped here are the ones the rebuild must give back, and what follows is its doing.
    await quiet(runtime);
    await caughtUp(runtime);
    const before = await dumpTables(runtime, tables);
    const corrupted: string[] = [];
    for (const [index, table] of tables.entries()) corrupted.push(await corruptOneRow(runtime, table, index));

    const report = await audit();
    expect(report.ok).toBe(false);
    const check = report.checks.find((c) => c.name === 'read_models_match_replay')!;
    expect(check.failure_count).toBe(tables.length);
    for (const description of corrupted) {
      expect(check.failures.some((failure) => failure.startsWith(description))).toBe(true);
    }

    const effects = await sideEffects(runtime);
    const rebuilt = await rebuildReadModels({
      sql: runtime.sql,
      store: runtime.store,
      projections: READ_MODEL_PROJECTIONS,
      swap: true,
    });
    expect(rebuilt).toMatchObject({ identical: false, swapped: true });
    const domain = rebuilt.projections.find((p) => p.projection === 'domain')!;
    expect(domain.tables.filter((t) => t.differences > 0).map((t) => [t.table, t.rows_changed])).toEqual(
      tables.map((table) => [table, 1]),
    );
    expect(await dumpTables(runtime, tables)).toEqual(before);
    expect(failures(await audit())).toEqual([]);

    // The rebuild fired nothing: no email queued or sent again, no Stripe call, no event but the
    // embedded world's own Langfuse sync, which runs on its timer whatever happens.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = await sideEffects(runtime);
    expect(after.outbox).toEqual(effects.outbox);
    expect(after.stripeEvents).toBe(effects.stripeEvents);
    const appended = await runtime.store.readAll({ after: effects.head, limit: 100 });
    expect(appended.map((e) => e.type).filter((type) => !type.startsWith('Langfuse'))).toEqual([]);
  });

  it('converges when the API keeps writing during a rebuild with swap', async () => {
    const person = await signIn(runtime, 'rebuild-writer@example.com');
    let writing = true;
    let writes = 0;
    const writer = (async () => {
      while (writing) {
        writes += 1;
        const reply = await runtime.app.inject({
          method: 'PUT',
          url: '/api/v1/profile/',
          headers: person.headers,
          payload: { first_name: `Writer${writes}`, last_name: 'Busy' },
        });
        expect(reply.statusCode).toBe(200);
      }
    })();
    // A column the writes never touch: only the rebuild can put it right.
    await runtime.sql.query(`UPDATE users SET pending_email = 'forged@example.com' WHERE id = $1`, [
      person.userId,
    ]);
    await eventually(
      async () => writes,
      (n) => n >= 3,
    );
    const writesBefore = writes;
    const rebuilt = await rebuildReadModels({
      sql: runtime.sql,
      store: runtime.store,
      projections: [DOMAIN],
      swap: true,
      batchSize: 50,
    });
    const writesAtSwap = writes;
    await eventually(
      async () => writes,
      (n) => n >= writesAtSwap + 3,
    );
    writing = false;
    await writer;
    expect(writesAtSwap).toBeGreaterThanOrEqual(writesBefore);
    expect(rebuilt.swapped).toBe(true);
    await caughtUp(runtime);
    expect(failures(await audit())).toEqual([]);
    const { rows } = await runtime.sql.query<{ first_name: string; pending_email: string | null }>(
      'SELECT first_name, pending_email FROM users WHERE id = $1',
      [person.userId],
    );
    expect(rows[0]).toEqual({ first_name: `Writer${writes}`, pending_email: null });
  });
});

function failures(report: AuditReport): string[] {
  return report.checks.filter((check) => !check.ok).flatMap((check) => [check.summary, ...check.failures]);
}

async function caughtUp(runtime: Runtime): Promise<void> {
  const head = await runtime.store.headPosition();
  await runtime.projector.waitFor(head, 20_000);
  await runtime.domainProjector.waitFor(head, 20_000);
}

/** The demo requester invites an evaluator to their evaluation (evaluation_invitations). */
async function inviteSomeone(runtime: Runtime): Promise<void> {
  const requester = await signIn(runtime, DEMO_PEOPLE.requester.email);
  const { rows } = await runtime.sql.query<{ id: string }>(
    'SELECT id FROM evaluations WHERE creator_id = $1 ORDER BY id LIMIT 1',
    [requester.userId],
  );
  const reply = await runtime.app.inject({
    method: 'POST',
    url: `/api/v1/evaluations/${rows[0]!.id}/invitations`,
    headers: requester.headers,
    payload: { email: 'invited@example.com' },
  });
  if (reply.statusCode >= 300) throw new Error(`invitation failed: ${reply.statusCode} ${reply.body}`);
}

/**
 * The demo world's Langfuse connection is synced by the evaluation worker's Langfuse tick (every
 * tenth tick, so up to 10 s after the world is written); its items must be in before any dump.
 */
async function firstLangfuseSync(runtime: Runtime): Promise<void> {
  await eventually(
    async () =>
      (
        await runtime.sql.query<{ waiting: number }>(
          'SELECT count(*)::int AS waiting FROM langfuse_connections WHERE synced_until IS NULL',
        )
      ).rows[0]!.waiting,
    (waiting) => waiting === 0,
    30_000,
  );
}

/** Waits until nothing has been appended to the log for a second. */
async function quiet(runtime: Runtime): Promise<void> {
  let head = await runtime.store.headPosition();
  for (let tries = 0; tries < 30; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const now = await runtime.store.headPosition();
    if (now === head) return;
    head = now;
  }
  throw new Error('the log kept growing for 30 s');
}

async function nonEmptyTables(runtime: Runtime): Promise<string[]> {
  const found: string[] = [];
  for (const table of DOMAIN.tables) {
    const { rows } = await runtime.sql.query(`SELECT 1 FROM ${table} LIMIT 1`);
    if (rows.length > 0) found.push(table);
  }
  return found;
}

async function dumpTables(runtime: Runtime, tables: readonly string[]): Promise<Record<string, unknown[]>> {
  const dump: Record<string, unknown[]> = {};
  for (const table of tables) {
    const shape = await readTableShape(runtime.sql, 'public', table);
    const { rows } = await runtime.sql.query<{ row: unknown }>(
      `SELECT to_jsonb(t) AS row FROM ${table} t ORDER BY ${shape.key.join(', ')}`,
    );
    dump[table] = rows.map((r) => r.row);
  }
  return dump;
}

/**
 * Damages the first row of `table`: every other table loses it, the rest get a wrong
 * `updated_position` (or a wrong value in their first non-key column). Returns how the audit
 * names it: `domain: {table} {key}`.
 */
async function corruptOneRow(runtime: Runtime, table: string, index: number): Promise<string> {
  const shape = await readTableShape(runtime.sql, 'public', table);
  const keys = shape.key.join(', ');
  const { rows } = await runtime.sql.query<{ key: string[] }>(
    `SELECT ARRAY[${shape.key.map((k) => `${k}::text`).join(', ')}] AS key FROM ${table} ORDER BY ${keys} LIMIT 1`,
  );
  const key = rows[0]!.key;
  const where = shape.key.map((k, i) => `${k}::text = $${i + 1}`).join(' AND ');
  if (index % 2 === 0) {
    await runtime.sql.query(`DELETE FROM ${table} WHERE ${where}`, key);
    return `domain: ${table} ${key.join(' / ')}: missing from the read model`;
  }
  const column = shape.columns.includes('updated_position') ? 'updated_position' : undefined;
  if (column) {
    await runtime.sql.query(`UPDATE ${table} SET ${column} = ${column} + 1000 WHERE ${where}`, key);
    return `domain: ${table} ${key.join(' / ')}: ${column} is `;
  }
  await runtime.sql.query(`DELETE FROM ${table} WHERE ${where}`, key);
  return `domain: ${table} ${key.join(' / ')}: missing from the read model`;
}

async function sideEffects(runtime: Runtime) {
  const { fake } = await localStripe(runtime);
  const outbox = await runtime.sql.query(`SELECT id, status, attempts FROM email_outbox ORDER BY id`);
  return {
    head: await runtime.store.headPosition(),
    outbox: outbox.rows,
    stripeEvents: fake.events().length,
  };
}
