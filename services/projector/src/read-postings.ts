import { ZPostingCode, ZPostingPhase, type TPosting, type TStoredEvent } from '@evalmarket/contracts';

const PHASES = new Set<string>(ZPostingPhase.options);
const CODES = new Set<string>(ZPostingCode.options);
const ACCOUNT_ID = /^(?:(?:spending|earning):[A-Za-z0-9][A-Za-z0-9_.-]{0,127}|platform:[a-z]+)$/;

/** A money event whose postings cannot be applied. The projection stops rather than guess. */
export class MalformedPostingError extends Error {
  constructor(
    readonly event: Pick<TStoredEvent, 'global_position' | 'event_id' | 'type'>,
    detail: string,
  ) {
    super(
      `Event ${event.global_position} (${event.type}, ${event.event_id}) has a malformed posting: ${detail}`,
    );
    this.name = 'MalformedPostingError';
  }
}

/**
 * The postings an event carries, or undefined when it carries none (not a money event). Checked
 * by hand rather than with zod: the writer validated them, this only guards the arithmetic, and it
 * runs for every event the projector sees.
 */
export function readPostings(event: TStoredEvent): TPosting[] | undefined {
  const data = event.data as { postings?: unknown } | null;
  if (data === null || typeof data !== 'object' || !('postings' in data)) return undefined;
  const postings = data.postings;
  if (!Array.isArray(postings)) throw new MalformedPostingError(event, 'postings is not an array');
  for (const [index, posting] of postings.entries()) {
    const problem = postingProblem(posting);
    if (problem) throw new MalformedPostingError(event, `postings[${index}]: ${problem}`);
  }
  return postings as TPosting[];
}

function postingProblem(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return 'not an object';
  const posting = value as Record<string, unknown>;
  if (typeof posting.transfer_id !== 'string' || posting.transfer_id.length === 0)
    return 'transfer_id missing';
  if (typeof posting.debit !== 'string' || !ACCOUNT_ID.test(posting.debit))
    return 'debit is not an account id';
  if (typeof posting.credit !== 'string' || !ACCOUNT_ID.test(posting.credit))
    return 'credit is not an account id';
  if (posting.debit === posting.credit) return 'debit and credit are the same account';
  const amount = posting.amount;
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 1)
    return 'amount is not a positive integer';
  if (typeof posting.phase !== 'string' || !PHASES.has(posting.phase)) return 'unknown phase';
  if (typeof posting.code !== 'string' || !CODES.has(posting.code)) return 'unknown code';
  return undefined;
}
