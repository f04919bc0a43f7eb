import { createHash } from 'node:crypto';

/*
 * The scale world's plan: its options, its shape and its deterministic randomness. Pure: no I/O,
 * so the generator's choices are the same for a seed on every run and after every resume.
 */

export interface WorldOptions {
  /** The log head to reach (events in the log, setup included). */
  events: number;
  people: number;
  evaluators: number;
  evaluations: number;
  seed: number;
}

export const DEFAULT_WORLD: WorldOptions = {
  events: 10_000_000,
  people: 100_000,
  evaluators: 20_000,
  evaluations: 5_000,
  seed: 1,
};

/** Each requester owns this many evaluations (the last one may own fewer). */
export const EVALUATIONS_PER_REQUESTER = 2;
/** Most votes of one round: claimed and voted concurrently, then the round is recorded as done. */
export const MAX_VOTES_PER_ROUND = 4_000;
/** Events per vote, the round's money included (measured: ~4 in a 2M-event world). */
export const EVENTS_PER_VOTE_ESTIMATE = 4;
export const VOTES_PER_ITEM = 3;
export const COMMUNITY_RATE = 50;
export const EXPERT_RATE = 200;
/** One evaluator in this many is an expert. */
export const EXPERT_EVERY = 5;

export class WorldArgumentError extends Error {}

const FLAGS: Record<string, keyof WorldOptions> = {
  '--events': 'events',
  '--people': 'people',
  '--evaluators': 'evaluators',
  '--evaluations': 'evaluations',
  '--seed': 'seed',
};

/** `--events 10000000 --people 100000 ...` (also `--events=N`) over the defaults. */
export function parseWorldArgs(argv: readonly string[]): WorldOptions {
  const options: WorldOptions = { ...DEFAULT_WORLD };
  for (let index = 0; index < argv.length; index += 1) {
    const [flag, inline] = argv[index]!.split('=', 2) as [string, string | undefined];
    const key = FLAGS[flag];
    if (!key)
      throw new WorldArgumentError(`unknown option ${flag} (known: ${Object.keys(FLAGS).join(', ')})`);
    const text = inline ?? argv[++index];
    const value = Number(text?.replaceAll('_', ''));
    if (text === undefined || !Number.isSafeInteger(value) || value < (key === 'seed' ? 0 : 1))
      throw new WorldArgumentError(`${flag} takes a whole number${key === 'seed' ? '' : ' of at least 1'}`);
    options[key] = value;
  }
  const requesters = requesterCount(options);
  if (requesters + options.evaluators > options.people)
    throw new WorldArgumentError(
      `--people (${options.people}) must hold the ${requesters} requesters of ${options.evaluations} evaluations and the ${options.evaluators} evaluators`,
    );
  return options;
}

export function requesterCount(options: Pick<WorldOptions, 'evaluations'>): number {
  return Math.ceil(options.evaluations / EVALUATIONS_PER_REQUESTER);
}

/**
 * Who is who, by index: people 0..R-1 are the requesters, R..R+E-1 the evaluators, the rest sign
 * in and look around. Evaluation v belongs to requester floor(v / EVALUATIONS_PER_REQUESTER).
 */
export function worldShape(options: WorldOptions) {
  const requesters = requesterCount(options);
  const setupEvents = options.people * 3 + options.evaluators * 2 + options.evaluations * 3;
  // About fifty rounds or more: small worlds get small rounds, so their year has a spread too.
  const votesPerRound = Math.min(MAX_VOTES_PER_ROUND, Math.max(20, Math.ceil(options.events / 150)));
  const votes = Math.max(votesPerRound, Math.ceil((options.events - setupEvents) / EVENTS_PER_VOTE_ESTIMATE));
  // Room for every vote with a margin, so claims rarely find an evaluation full.
  const itemsPerEvaluation = Math.max(4, Math.ceil((votes * 1.5) / (options.evaluations * VOTES_PER_ITEM)));
  return {
    requesters,
    firstEvaluator: requesters,
    itemsPerEvaluation,
    votesPerRound,
    expectedRounds: Math.max(1, Math.ceil(votes / votesPerRound)),
  };
}

export type WorldShape = ReturnType<typeof worldShape>;

export function ownerOf(evaluation: number): number {
  return Math.floor(evaluation / EVALUATIONS_PER_REQUESTER);
}

export function personEmail(seed: number, person: number): string {
  return `world${seed}.person${person}@scale.evalmarket.test`;
}

/** A UUID that is the same for the same seed and name (the generator's natural ids). */
export function worldUuid(seed: number, name: string): string {
  const hex = createHash('sha256').update(`${seed}:${name}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** mulberry32: a small, fast generator; one per (seed, round), so a round replays the same. */
export function seededRandom(seed: number, stream: number): () => number {
  let state = (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) + Math.imul(stream + 1, 0xc2b2ae35)) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function pick(random: () => number, count: number): number {
  return Math.floor(random() * count);
}

const YEAR_MS = 365 * 24 * 3600 * 1000;

/**
 * The world's time at a step: the year before `endMs`, moved forward by rounds. Setup (people,
 * evaluators, evaluations) happens in its first days; the rounds spread over the rest.
 */
export function worldTime(endMs: number, round: number, expectedRounds: number): Date {
  const startMs = endMs - YEAR_MS;
  const setupMs = 3 * 24 * 3600 * 1000;
  if (round < 0) return new Date(startMs);
  const fraction = Math.min(1, round / expectedRounds);
  return new Date(startMs + setupMs + Math.floor(fraction * (YEAR_MS - setupMs - 3600_000)));
}

/** events/s and the time left at that rate, for the progress line. */
export function progressLine(label: string, done: number, target: number, startedMs: number, nowMs: number) {
  const seconds = Math.max(0.001, (nowMs - startedMs) / 1000);
  const rate = done / seconds;
  const left = rate > 0 ? Math.max(0, target - done) / rate : Infinity;
  const eta = Number.isFinite(left)
    ? `${Math.floor(left / 60)}m${String(Math.round(left % 60)).padStart(2, '0')}s`
    : '?';
  return `${label}: ${done.toLocaleString('en')} / ${target.toLocaleString('en')} (${rate.toFixed(0)}/s, ETA ${eta})`;
}
