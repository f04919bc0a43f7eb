import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WORLD,
  parseWorldArgs,
  WorldArgumentError,
  worldShape,
  worldTime,
  worldUuid,
} from '../src/scale/world-plan.js';
import { resumeProblem } from '../src/scale/world-progress.js';
import { planVotes, topUpUsd } from '../src/scale/world-rounds.js';

describe('seed:scale arguments', () => {
  it('defaults to the ten-million-event world of issue 22', () => {
    expect(parseWorldArgs([])).toEqual({
      events: 10_000_000,
      people: 100_000,
      evaluators: 20_000,
      evaluations: 5_000,
      seed: 1,
    });
  });

  it('takes every option, with = or a separate value, underscores allowed', () => {
    expect(
      parseWorldArgs([
        '--events=5_000',
        '--people',
        '300',
        '--evaluators',
        '50',
        '--evaluations',
        '40',
        '--seed',
        '0',
      ]),
    ).toEqual({
      events: 5_000,
      people: 300,
      evaluators: 50,
      evaluations: 40,
      seed: 0,
    });
  });

  it.each([
    [['--events', '0'], '--events takes a whole number of at least 1'],
    [['--people', '1.5'], '--people takes a whole number of at least 1'],
    [['--seed', '-1'], '--seed takes a whole number'],
    [['--events'], '--events takes a whole number of at least 1'],
    [
      ['--colour', 'red'],
      'unknown option --colour (known: --events, --people, --evaluators, --evaluations, --seed)',
    ],
    [
      ['--people', '100', '--evaluators', '90', '--evaluations', '40'],
      '--people (100) must hold the 20 requesters of 40 evaluations and the 90 evaluators',
    ],
  ])('refuses %j', (argv, message) => {
    expect(() => parseWorldArgs(argv)).toThrow(new WorldArgumentError(message));
  });
});

describe('the world plan', () => {
  const small = { events: 5_000, people: 300, evaluators: 60, evaluations: 40, seed: 3 };

  it('names things the same for a seed, differently for another', () => {
    expect(worldUuid(1, 'evaluation:7')).toBe(worldUuid(1, 'evaluation:7'));
    expect(worldUuid(1, 'evaluation:7')).not.toBe(worldUuid(2, 'evaluation:7'));
    expect(worldUuid(1, 'evaluation:7')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('plans the same votes for a round every time: distinct evaluators on distinct evaluations', () => {
    const shape = worldShape(small);
    const plan = planVotes(small, shape, 5);
    expect(planVotes(small, shape, 5)).toEqual(plan);
    expect(planVotes(small, shape, 6)).not.toEqual(plan);
    const votes = [...plan.values()].flat();
    expect(votes).toHaveLength(shape.votesPerRound);
    expect(new Set(votes.map((vote) => vote.assignmentId)).size).toBe(votes.length);
    for (const [evaluator, list] of plan) {
      expect(evaluator).toBeGreaterThanOrEqual(shape.firstEvaluator);
      expect(evaluator).toBeLessThan(shape.firstEvaluator + small.evaluators);
      expect(new Set(list.map((vote) => vote.evaluation)).size).toBe(list.length);
    }
  });

  it('gives the items room for every vote and tops requesters up with at least the minimum purchase', () => {
    const shape = worldShape(DEFAULT_WORLD);
    expect(shape.itemsPerEvaluation * DEFAULT_WORLD.evaluations * 3).toBeGreaterThan(
      DEFAULT_WORLD.events / 3,
    );
    expect(topUpUsd(shape)).toBeGreaterThanOrEqual(50);
  });

  it('spreads the rounds over the year before its end, never going back', () => {
    const end = Date.UTC(2026, 10, 25);
    const times = [-1, 0, 1, 50, 99, 100, 150].map((round) => worldTime(end, round, 100).getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[0]).toBe(end - 365 * 86_400_000);
    expect(times.at(-1)).toBeLessThan(end);
    expect(times[5]! - times[1]!).toBeGreaterThan(360 * 86_400_000);
  });

  it('resumes only the same world', () => {
    expect(resumeProblem(small, { ...small })).toBeUndefined();
    expect(resumeProblem(small, { ...small, seed: 4 })).toMatch(/--seed 4 differs/);
    expect(resumeProblem(small, { ...small, events: 6_000 })).toMatch(/--events 6000 differs/);
  });
});
