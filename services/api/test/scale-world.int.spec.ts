import { auditLedger } from '@evalmarket/projector';
import { afterEach, describe, expect, it } from 'vitest';
import { generateWorld, WorldClock } from '../src/scale/world-generator.js';
import { worldShape, worldTime, type WorldOptions } from '../src/scale/world-plan.js';
import { planVotes, roundMoney } from '../src/scale/world-rounds.js';
import { evaluationId, personId } from '../src/scale/world-setup.js';
import { startRuntime, type Runtime } from '../src/runtime/start-runtime.js';
import { analyticsWindow, usd } from '../src/analytics/analytics-window.js';
import { earningsAnalytics, spendingAnalytics } from '../src/analytics/compute-analytics.js';
import { ExpertLeaderboards } from '../src/analytics/expert-leaderboard.js';
import { runtimeModes } from './support/runtime.js';
import { testConfig } from './helpers.js';

/*
 * The scale world generator (issue 22, point 2) on a small world: its log passes the audit
 * (every money event applied once, read models equal a replay), and a run interrupted in the
 * middle of a round resumes to the same head as an uninterrupted one, adding nothing twice.
 */

const WORLD: WorldOptions = { events: 2_000, people: 80, evaluators: 30, evaluations: 16, seed: 7 };

/** A breakdown's lines without their percentages (shares of totals read elsewhere). */
const figures = (entries: Array<Record<string, unknown>>) =>
  entries.map(({ project_id, project_name, amount, transaction_count }) => ({
    project_id,
    project_name,
    amount,
    transaction_count,
  }));

type Started = { runtime: Runtime; clock: WorldClock; cleanup(): Promise<void> };

const started: Started[] = [];
afterEach(async () => {
  for (const world of started.splice(0)) {
    await world.runtime.close();
    await world.cleanup();
  }
});

describe.each(runtimeModes())('scale world generator on $name', (mode) => {
  /** A runtime on a fresh database whose clock is the world's. */
  async function worldRuntime(): Promise<Started> {
    const clock = new WorldClock();
    // The mode makes the database; the world runs in-process (no NATS), as seed:scale does.
    const { runtime: probe, cleanup } = await mode.start({ natsUrl: undefined });
    const config = probe.context.config;
    await probe.close();
    const runtime = await startRuntime(testConfig({ ...config, natsUrl: undefined }), { clock: clock.now });
    const world = { runtime, clock, cleanup };
    started.push(world);
    return world;
  }

  /** A generated world whose projections have applied all of it. */
  async function caughtUpWorld(): Promise<Started> {
    const world = await worldRuntime();
    await generateWorld(world.runtime, world.clock, WORLD);
    const head = await world.runtime.store.headPosition();
    await world.runtime.projector.waitFor(head, 60_000);
    await world.runtime.domainProjector.waitFor(head, 60_000);
    return world;
  }

  /** Events per type, read through the store (reward transfers sit in the packed journal). */
  async function eventCounts(world: Started) {
    const counts: Record<string, number> = {};
    for (let after = 0; ;) {
      const events = await world.runtime.store.readAll({ after, limit: 5_000 });
      if (events.length === 0) return counts;
      for (const event of events) counts[event.type] = (counts[event.type] ?? 0) + 1;
      after = events.at(-1)!.global_position;
    }
  }

  it('writes a year of people, evaluations, votes and money that passes the audit', async () => {
    const world = await worldRuntime();
    await generateWorld(world.runtime, world.clock, WORLD);
    const head = await world.runtime.store.headPosition();
    expect(head).toBeGreaterThanOrEqual(WORLD.events);
    const counts = await eventCounts(world);
    expect(counts.UserRegistered).toBe(WORLD.people);
    expect(counts.EvaluatorVerified).toBe(WORLD.evaluators);
    expect(counts.EvaluationCreated).toBe(WORLD.evaluations);
    expect(counts.VoteCast).toBeGreaterThan(200);
    for (const type of [
      'CreditsPurchased',
      'PurchaseRefunded',
      'CashoutRequested',
      'CashoutPaid',
      'CreditsAdjusted',
    ])
      expect(counts[type] ?? 0, type).toBeGreaterThan(0);
    // Spread over most of the year: the first and the last vote are months apart.
    const { rows } = await world.runtime.sql.query<{ days: number | string }>(
      `SELECT extract(epoch FROM max(voted_at) - min(voted_at)) / 86400 AS days FROM evaluation_votes`,
    );
    expect(Number(rows[0]!.days)).toBeGreaterThan(270);
    await world.runtime.projector.waitFor(head, 60_000);
    await world.runtime.domainProjector.waitFor(head, 60_000);
    const report = await auditLedger({
      sql: world.runtime.sql,
      store: world.runtime.store,
      catchUpTimeoutMs: 0,
    });
    expect(report.ok, JSON.stringify(report, null, 2).slice(0, 2_000)).toBe(true);
  }, 600_000);

  it('totals each requester’s spending per evaluation from the day roll-up as the rows do', async () => {
    const world = await caughtUpWorld();
    const { sql } = world.runtime;
    const { rows: requesters } = await sql.query<{ creator_id: string; ids: string[] }>(
      `SELECT creator_id, array_agg(id ORDER BY id) AS ids FROM evaluations GROUP BY 1`,
    );
    let fromWholeDays = 0;
    for (const { creator_id: requester, ids } of requesters) {
      // Windows that end mid-day (the world's clock) and start mid-day: partial days at both ends.
      for (const period of ['30d', '90d', '1y', 'all'] as const) {
        const window = analyticsWindow({ period }, world.clock.now());
        const whole = await spendingAnalytics(sql, requester, window);
        // Each evaluation on its own is totalled from the rows.
        const expected: typeof whole.project_breakdown = [];
        for (const id of ids) {
          const alone = await spendingAnalytics(sql, requester, window, [id]);
          expected.push(...alone.project_breakdown);
        }
        expected.sort((a, b) => b.amount - a.amount || (a.project_id < b.project_id ? -1 : 1));
        expect(figures(whole.project_breakdown), `${requester} ${period}`).toEqual(figures(expected));
        const counted = whole.project_breakdown.reduce((sum, entry) => sum + entry.transaction_count, 0);
        expect(counted).toBe(whole.total_transactions);
        if (period === '1y') fromWholeDays += counted;
      }
    }
    // The comparison above is not of empty lists: the year's rewards were there to total.
    expect(fromWholeDays).toBeGreaterThan(200);
  }, 600_000);

  it('totals each evaluator’s earnings per evaluation from their votes as the reward rows do', async () => {
    const world = await caughtUpWorld();
    const { sql } = world.runtime;
    const leaderboards = new ExpertLeaderboards(sql, 0);
    const { rows: evaluators } = await sql.query<{ evaluator_id: string }>(
      `SELECT DISTINCT evaluator_id FROM evaluation_votes ORDER BY 1`,
    );
    let compared = 0;
    for (const { evaluator_id: evaluator } of evaluators) {
      for (const period of ['30d', '90d', '1y', 'all'] as const) {
        const window = analyticsWindow({ period }, world.clock.now());
        // The wallet's completed reward rows of the window, each with its claim's evaluation.
        const { rows } = await sql.query<{ id: string; title: string; credits: string; n: string }>(
          `SELECT a.evaluation_id AS id, e.title, sum(abs(w.amount)) AS credits, count(*) AS n
           FROM wallet_transactions w JOIN evaluation_assignments a ON a.transfer_id = w.transfer_id
             JOIN evaluations e ON e.id = a.evaluation_id
           WHERE w.user_id = $1 AND w.context = 'earning' AND w.type = 'credit' AND w.code = 'reward'
             AND w.status = 'completed' AND w.created_at >= $2 AND w.created_at < $3
           GROUP BY 1, 2 ORDER BY 3 DESC, 1`,
          [evaluator, window.start, window.end],
        );
        const expected = rows.map((row) => ({
          project_id: row.id,
          project_name: row.title,
          amount: usd(Number(row.credits)),
          transaction_count: Number(row.n),
        }));
        const whole = await earningsAnalytics(sql, leaderboards, evaluator, window);
        expect(figures(whole.evaluation_breakdown), `${evaluator} ${period}`).toEqual(expected);
        const counted = whole.evaluation_breakdown.reduce((sum, entry) => sum + entry.transaction_count, 0);
        expect(counted, `${evaluator} ${period}`).toBe(whole.total_transactions);
        // Filtered to one evaluation, the breakdown is that evaluation's line.
        for (const line of expected.slice(0, 2)) {
          const alone = await earningsAnalytics(sql, leaderboards, evaluator, window, [line.project_id]);
          expect(figures(alone.evaluation_breakdown)).toEqual([line]);
        }
        if (period === '1y') compared += counted;
      }
    }
    // The comparison above is not of empty lists: the year's rewards were there to total.
    expect(compared).toBeGreaterThan(200);
  }, 600_000);

  it('resumes a run killed in the middle of a round to the same head, with nothing twice', async () => {
    const whole = await worldRuntime();
    await generateWorld(whole.runtime, whole.clock, WORLD);
    const wholeHead = await whole.runtime.store.headPosition();

    const cut = await worldRuntime();
    const shape = worldShape(WORLD);
    const setupSteps =
      Math.ceil(WORLD.people / 1000) + Math.ceil(WORLD.evaluators / 1000) + Math.ceil(WORLD.evaluations / 50);
    const progress = await generateWorld(cut.runtime, cut.clock, WORLD, { stopAfterSteps: setupSteps + 3 });
    expect(progress.stepsDone).toBe(setupSteps + 3);
    // The next round dies half-way: its money went through, some claims were made, fewer voted.
    const round = 3;
    cut.clock.set(worldTime(progress.endMs, round, shape.expectedRounds));
    await roundMoney(cut.runtime.context, WORLD, shape, round);
    const [evaluator, planned] = [...planVotes(WORLD, shape, round).entries()][0]!;
    const evaluatorId = await personId(cut.runtime.context, WORLD.seed, evaluator);
    const now = cut.clock.now().toISOString();
    for (const [index, plan] of planned.slice(0, 2).entries()) {
      const claim = await cut.runtime.context.loop.writer.claim({
        evaluation_id: evaluationId(WORLD.seed, plan.evaluation),
        evaluator_id: evaluatorId,
        assignment_id: plan.assignmentId,
        now,
        metadata: {},
      });
      expect(claim.ok).toBe(true);
      if (index === 0)
        await cut.runtime.context.loop.writer.vote({
          assignment_id: plan.assignmentId,
          evaluator_id: evaluatorId,
          vote: plan.vote,
          comment: null,
          next: null,
          now,
          metadata: {},
        });
    }
    await cut.runtime.close();
    started.splice(started.indexOf(cut), 1);

    // A new process on the same database resumes from the progress record.
    const clock = new WorldClock();
    const resumed = await startRuntime(cut.runtime.context.config, { clock: clock.now });
    started.push({ runtime: resumed, clock, cleanup: cut.cleanup });
    await generateWorld(resumed, clock, WORLD);
    expect(await resumed.store.headPosition()).toBe(wholeHead);
    const { rows } = await resumed.sql.query<{ votes: number | string; assignments: number | string }>(
      `SELECT (SELECT count(*) FROM evaluation_votes) AS votes,
              (SELECT count(DISTINCT assignment_id) FROM evaluation_votes) AS assignments`,
    );
    expect(Number(rows[0]!.votes)).toBe(Number(rows[0]!.assignments));
    expect(await eventCounts({ ...cut, runtime: resumed })).toEqual(await eventCounts(whole));
  }, 900_000);
});
