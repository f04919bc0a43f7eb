import type { TStoredEvent } from '@evalmarket/contracts';
import { databaseKinds, eventually } from '@evalmarket/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyEvents,
  auditLedger,
  formatAuditReport,
  LIVE_TABLES,
  ProjectionStuckError,
  readCheckpoint,
  readProjectionStatuses,
  runProjector,
  waitForCheckpoint,
  type ApplyProjection,
  type RunProjectorOptions,
  type ProjectionStuck,
} from '../src/index.js';
import { createHarness, type Harness } from './harness.js';
import { purchased, userRegistered } from './ledger-events.js';

const RETRY = { attempts: 3, firstDelayMs: 10, maxDelayMs: 20, stuckProbeMs: 200 };

describe.each(databaseKinds())('a projection whose handler throws, on %s', (kind) => {
  let h: Harness;
  let broken = true;
  /** The wallet projection, except that it throws on `Poison` events while `broken`. */
  const apply: ApplyProjection = (tx, events) => {
    const poison = events.find((event) => event.type === 'Poison');
    if (broken && poison) throw new Error(`cannot project event ${poison.global_position}`);
    return applyEvents(tx, events, LIVE_TABLES);
  };

  /** The projector under test, on the store, with fast retries. */
  const start = (reporting: Pick<RunProjectorOptions, 'onError' | 'onStuck'> = {}) =>
    runProjector({
      sql: h.sql,
      source: { kind: 'store', store: h.store },
      apply,
      retry: RETRY,
      ...reporting,
    });

  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(async () => {
    await h.close();
  });

  it('stops at the failing event after bounded retries, says so, and resumes once it is fixed', async () => {
    const stuckReports: ProjectionStuck[] = [];
    const failures: unknown[] = [];
    const stored: TStoredEvent[] = await h.append([
      userRegistered('ann'),
      purchased('pi_1', 'ann', 10),
      { type: 'Poison', data: { reason: 'test' } },
      purchased('pi_2', 'ann', 20),
    ]);
    const poison = stored[2]!;
    const head = stored[3]!.global_position;
    const projector = await start({
      onError: (error) => failures.push(error),
      onStuck: (stuck) => stuckReports.push(stuck),
    });
    try {
      const stuck = (await eventually(
        () => projector.stuck,
        (value) => value !== undefined,
      ))!;
      // Everything before the poison is applied; it stops right at it.
      expect(stuck).toMatchObject({
        projection: 'wallet',
        position: poison.global_position - 1,
        failed_position: poison.global_position,
        event_type: 'Poison',
        attempts: RETRY.attempts,
      });
      expect(stuck.error).toContain(`cannot project event ${poison.global_position}`);
      expect(failures.length).toBeGreaterThanOrEqual(RETRY.attempts);
      expect(stuckReports[0]).toEqual(stuck);
      expect(await readCheckpoint(h.sql, 'wallet')).toBe(poison.global_position - 1);
      const [status] = await readProjectionStatuses(h.sql, head);
      expect(status).toMatchObject({
        projection: 'wallet',
        lag: 2,
        stuck: { failed_position: poison.global_position },
      });

      // A reader who needs the projection is told at once, naming it.
      const asked = Date.now();
      const waiting = projector.waitFor(head);
      await expect(waiting).rejects.toBeInstanceOf(ProjectionStuckError);
      await expect(projector.waitFor(head)).rejects.toThrow(/Projection wallet is stopped at position/);
      expect(Date.now() - asked).toBeLessThan(100);
      // A reader who needs only what is applied is not.
      await projector.waitFor(poison.global_position - 1);
      // Nor one in another process, which polls the stored checkpoint.
      const polled = Date.now();
      await expect(waitForCheckpoint({ sql: h.sql, position: head, timeoutMs: 5_000 })).rejects.toThrow(
        /Projection wallet is stopped at position/,
      );
      expect(Date.now() - polled).toBeLessThan(1_000);

      const audit = await auditLedger({ sql: h.sql, store: h.store });
      const text = formatAuditReport(audit);
      expect(audit.ok).toBe(false);
      expect(text).toContain('FAIL  6. Every projection runs and keeps up with the log');
      expect(text).toContain(
        `- Projection wallet is stopped at position ${poison.global_position - 1}: event ${poison.global_position} (Poison) fails`,
      );
      expect(text).toContain('2 event(s) behind the head');

      // The fix: the next probe (within stuckProbeMs) goes through, and everything clears.
      broken = false;
      await eventually(
        () => projector.position,
        (position) => position === head,
        { timeoutMs: RETRY.stuckProbeMs * 5 },
      );
      expect(projector.position).toBe(head);
      expect(projector.stuck).toBeUndefined();
      await projector.waitFor(head);
      const [after] = await readProjectionStatuses(h.sql, head);
      expect(after).toEqual({ projection: 'wallet', position: head, lag: 0, stuck: null });
      const passing = await auditLedger({ sql: h.sql, store: h.store });
      expect(passing.ok, formatAuditReport(passing)).toBe(true);
    } finally {
      broken = true;
      await projector.stop();
    }
  });

  it('resumes from the failing event after a restart with the fix', async () => {
    const stored = await h.append([{ type: 'Poison', data: {} }, purchased('pi_3', 'ann', 5)]);
    const head = stored[1]!.global_position;
    const first = await start({ onError: () => {}, onStuck: () => {} });
    await eventually(
      () => first.stuck,
      (value) => value !== undefined,
    );
    expect(first.stuck).toBeDefined();
    await first.stop();
    // The stopped process left its record for the other processes (readiness, audit).
    const [status] = await readProjectionStatuses(h.sql, head);
    expect(status!.stuck).toMatchObject({ failed_position: stored[0]!.global_position });

    broken = false;
    const fixed = await start();
    try {
      await fixed.waitFor(head, 2000);
      const [cleared] = await readProjectionStatuses(h.sql, head);
      expect(cleared).toEqual({ projection: 'wallet', position: head, lag: 0, stuck: null });
    } finally {
      await fixed.stop();
    }
  });
});
