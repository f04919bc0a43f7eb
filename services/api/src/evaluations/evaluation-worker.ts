import { recordEvents } from '../events/record-events.js';
import { loadSecretBox, type SecretBox } from '../http/outbound/secret-box.js';
import type { DomainContext } from '../runtime/domain-context.js';
import type { DomainProcess } from '../runtime/domains.js';
import { runLangfuseJobs, type LangfuseMemory } from './langfuse-jobs.js';
import { readConfig } from './config-routes.js';
import { evaluationBudget } from './reads-routes.js';
import { budgetPeriodStart } from './quality-metrics.js';
import { evaluationStreamId } from '@evalmarket/contracts';

const MAX_EXPIRED_PER_TICK = 1_000;
const LANGFUSE_EVERY_TICKS = 10;

/**
 * The evaluation loop's background work, every EVALUATION_WORKER_INTERVAL_MS:
 * 1. lease expiry: ExpireRewards voids reserved rewards whose lease ran out (the projection then
 *    frees the claims);
 * 2. budget alerts;
 * 3. the Langfuse jobs of each connection (langfuse-jobs.ts): trace sync from a recorded cursor,
 *    and score push recorded score by score. Each runs on its own, so one failing never stops
 *    the other.
 * Every step is idempotent and resumes from the read models after a restart.
 */
export async function startEvaluationWorker(context: DomainContext): Promise<DomainProcess> {
  const box = await loadSecretBox(context.sql, context.config.secretsKey);
  const langfuse: LangfuseMemory = new Map();
  let stopped = false;
  let running: Promise<void> | undefined;

  // Langfuse is polled every tenth tick (10 s with the default interval): lease expiry must be
  // prompt, the observability service need not be hammered.
  let ticks = 0;
  const work = () =>
    runEvaluationWork(context, box, langfuse, { langfuse: ticks % LANGFUSE_EVERY_TICKS === 0 });
  const tick = async () => {
    await (context.metrics?.timeJob('evaluation_worker', work) ?? work());
    ticks += 1;
  };
  const timer = setInterval(() => {
    if (stopped || running) return;
    running = tick()
      .catch((error) =>
        context.logger.warn({ err: error }, 'evaluation worker tick failed; retried next tick'),
      )
      .finally(() => {
        running = undefined;
      });
  }, context.config.evaluationWorkerIntervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

/** One pass of the worker (exported so tests can run it without waiting for the timer). */
export async function runEvaluationWork(
  context: DomainContext,
  box: SecretBox,
  langfuse: LangfuseMemory = new Map(),
  options: { langfuse: boolean } = { langfuse: true },
): Promise<void> {
  const expired = await context.loop.writer.expire({
    max_count: MAX_EXPIRED_PER_TICK,
    now: context.now().toISOString(),
    metadata: {},
  });
  if (expired.ok && expired.position !== null) await context.domain.waitFor(expired.position);

  await raiseBudgetAlerts(context);
  if (!options.langfuse) return;

  await runLangfuseJobs(context, box, langfuse);
}

/** Records one BudgetAlertRaised per threshold reached in the current budget period. */
async function raiseBudgetAlerts(context: DomainContext): Promise<void> {
  const now = context.now();
  const { rows } = await context.sql.query<{ evaluation_id: string; thresholds: number[] }>(
    `SELECT s.evaluation_id, s.thresholds FROM evaluation_alert_settings s
     JOIN evaluations e ON e.id = s.evaluation_id WHERE s.enabled AND e.status = 'active' LIMIT 1000`,
  );
  for (const row of rows) {
    const config = await readConfig(context.sql, row.evaluation_id);
    if (!config?.budget_control.budget_enabled) continue;
    const budget = await evaluationBudget(context.sql, row.evaluation_id, now);
    const periodStart = budgetPeriodStart(config.budget_control.budget_period, now).toISOString();
    const { rows: raised } = await context.sql.query<{ threshold: number }>(
      `SELECT threshold FROM evaluation_alerts_raised WHERE evaluation_id = $1 AND period_start = $2`,
      [row.evaluation_id, periodStart],
    );
    const done = new Set(raised.map((alert) => Number(alert.threshold)));
    const reached = row.thresholds.filter(
      (threshold) => budget.budget_utilization_rate >= threshold && !done.has(threshold),
    );
    if (reached.length === 0) continue;
    await recordEvents(
      context,
      evaluationStreamId(row.evaluation_id),
      reached.map((threshold) => ({
        type: 'BudgetAlertRaised',
        data: {
          evaluation_id: row.evaluation_id,
          threshold,
          period_start: periodStart,
          utilization_rate: budget.budget_utilization_rate,
        },
      })),
      { metadata: { actor: 'worker:budget-alerts' } },
    );
    await emailBudgetAlert(context, row.evaluation_id, reached, budget.budget_utilization_rate);
  }
}

/**
 * Tells the owner by email. Sent after the event is recorded, so a crash in between loses the
 * email, never duplicates it; the alert itself stays visible in GET /evaluations/{id}/alerts.
 */
async function emailBudgetAlert(
  context: DomainContext,
  evaluationId: string,
  thresholds: number[],
  utilization: number,
): Promise<void> {
  const { rows } = await context.sql.query<{ email: string; title: string }>(
    `SELECT u.email, e.title FROM evaluations e JOIN users u ON u.id = e.creator_id WHERE e.id = $1`,
    [evaluationId],
  );
  const owner = rows[0];
  if (!owner) return;
  const highest = Math.max(...thresholds);
  const link = `${context.config.publicUrl}/evaluations/${evaluationId}/analytics`;
  try {
    await context.mailer.send({
      to: owner.email,
      subject: `Budget alert: "${owner.title}" reached ${highest}% of its budget`,
      text:
        `Your evaluation "${owner.title}" has used ${utilization.toFixed(1)}% of its budget for this period ` +
        `(alert thresholds reached: ${thresholds.map((threshold) => `${threshold}%`).join(', ')}).\n\n` +
        `Review it here: ${link}\n`,
    });
  } catch (error) {
    context.logger.warn({ err: error, evaluation_id: evaluationId }, 'budget alert email failed');
  }
}
