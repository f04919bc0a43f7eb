import { ProjectionLagError } from '@evalmarket/projector';
import type { Runtime } from '../runtime/start-runtime.js';
import { readProgress, resumeProblem, saveProgress, type WorldProgress } from './world-progress.js';
import { roundMoney, roundVotes, topUpUsd } from './world-rounds.js';
import {
  createEvaluation,
  onboardEvaluators,
  range,
  registerPeople,
  runConcurrently,
} from './world-setup.js';
import { worldShape, worldTime, type WorldOptions, type WorldShape } from './world-plan.js';

/*
 * Builds the scale world step by step: people, evaluators and evaluations in chunks, then rounds
 * of votes and money until the log's head reaches --events. After each step the progress record
 * says so; a run that was killed starts again at the first step not recorded.
 */

const PEOPLE_PER_STEP = 1_000;
const EVALUATIONS_PER_STEP = 50;
const SETUP_MINUTE_MS = 60_000;

/** The clock the runtime reads (`RuntimeOptions.clock`); the generator moves it, never back. */
export class WorldClock {
  private at = new Date(0);
  readonly now = (): Date => this.at;
  set(to: Date): void {
    if (to.getTime() > this.at.getTime()) this.at = to;
  }
}

export interface GenerateOptions {
  /** Stop after this many steps have been recorded in all (a test's interruption). */
  stopAfterSteps?: number;
  onStep?: (report: StepReport) => void;
}

export interface StepReport {
  step: number;
  label: string;
  head: number;
  target: number;
  done: boolean;
}

interface Step {
  label: string;
  run(): Promise<void>;
}

/** The setup steps, in order; the rounds follow them until the head reaches the target. */
export function setupSteps(runtime: Runtime, options: WorldOptions, shape: WorldShape): Step[] {
  const { context } = runtime;
  const steps: Step[] = [];
  for (let from = 0; from < options.people; from += PEOPLE_PER_STEP) {
    const people = range(from, Math.min(options.people, from + PEOPLE_PER_STEP));
    steps.push({ label: `people ${from}..`, run: () => registerPeople(context, options.seed, people) });
  }
  const lastEvaluator = shape.firstEvaluator + options.evaluators;
  for (let from = shape.firstEvaluator; from < lastEvaluator; from += PEOPLE_PER_STEP) {
    const people = range(from, Math.min(lastEvaluator, from + PEOPLE_PER_STEP));
    steps.push({
      label: `evaluators ${from}..`,
      run: () => onboardEvaluators(context, options.seed, people),
    });
  }
  // Enough for the first rounds until each requester's turn to top up comes.
  const firstPurchase = topUpUsd(shape) * 2;
  for (let from = 0; from < options.evaluations; from += EVALUATIONS_PER_STEP) {
    const evaluations = range(from, Math.min(options.evaluations, from + EVALUATIONS_PER_STEP));
    steps.push({
      label: `evaluations ${from}..`,
      run: () =>
        runConcurrently(evaluations, 25, (index) =>
          createEvaluation(context, options, index, shape.itemsPerEvaluation, firstPurchase),
        ),
    });
  }
  return steps;
}

const STEP_ATTEMPTS = 5;

/**
 * Runs a step again when the read models fell behind past a wait's bound (a busy machine): the
 * steps are idempotent, so a repeat finishes what the first attempt left undone.
 */
async function withRetries(label: string, run: (again: boolean) => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run(attempt > 1);
    } catch (error) {
      if (!(error instanceof ProjectionLagError) || attempt >= STEP_ATTEMPTS) throw error;
      console.warn(
        `seed-scale: ${label}: ${error.message}; doing the step again (${attempt}/${STEP_ATTEMPTS - 1})`,
      );
    }
  }
}

/** Generates (or resumes) the world in `runtime`, whose clock is `clock`. */
export async function generateWorld(
  runtime: Runtime,
  clock: WorldClock,
  options: WorldOptions,
  generate: GenerateOptions = {},
): Promise<WorldProgress> {
  const stored = await readProgress(runtime.sql);
  if (stored) {
    const problem = resumeProblem(stored.options, options);
    if (problem) throw new Error(`seed-scale: ${problem}`);
  }
  const progress: WorldProgress = stored ?? {
    options,
    endMs: Math.floor(Date.now() / 86_400_000) * 86_400_000,
    stepsDone: 0,
  };
  const shape = worldShape(options);
  const setup = setupSteps(runtime, options, shape);
  let resuming = stored !== undefined;
  for (;;) {
    if (generate.stopAfterSteps !== undefined && progress.stepsDone >= generate.stopAfterSteps)
      return progress;
    const step = progress.stepsDone;
    const round = step - setup.length;
    if (round >= 0 && (await runtime.store.headPosition()) >= options.events) break;
    clock.set(
      round < 0
        ? new Date(worldTime(progress.endMs, -1, shape.expectedRounds).getTime() + step * SETUP_MINUTE_MS)
        : worldTime(progress.endMs, round, shape.expectedRounds),
    );
    const label = round < 0 ? setup[step]!.label : `round ${round}`;
    const headBefore = await runtime.store.headPosition();
    await withRetries(label, async (again) => {
      if (round < 0) await setup[step]!.run();
      else {
        await roundMoney(runtime.context, options, shape, round);
        await roundVotes(runtime.context, options, shape, round, resuming || again);
      }
    });
    const wasResuming = resuming;
    resuming = false;
    progress.stepsDone += 1;
    await saveProgress(runtime.sql, progress);
    const head = await runtime.store.headPosition();
    // A resumed step may add nothing (it was done); a fresh round that adds nothing never will.
    if (round >= 0 && !wasResuming && head === headBefore)
      throw new Error(`seed-scale: round ${round} added no events; the world cannot reach ${options.events}`);
    generate.onStep?.({ step, label, head, target: options.events, done: false });
  }
  return progress;
}
