import type { TErrorReply } from '@evalmarket/contracts';

/**
 * A refusal of the loop as plain JSON (it crosses the writer's command seam): the HTTP status,
 * the stable code and the detail of the error reply, and its extra headers (Retry-After).
 */
export interface LoopProblem {
  status: number;
  code: string;
  detail: TErrorReply['detail'];
  headers?: Record<string, string>;
}

export const ASSIGNMENT_NOT_FOUND: LoopProblem = {
  status: 404,
  code: 'not_found',
  detail: 'Assignment not found',
};

export const ASSIGNMENT_OVER: LoopProblem = {
  status: 409,
  code: 'assignment_expired',
  detail: 'This assignment is no longer active (skipped or its lease expired)',
};

export const ALREADY_VOTED: LoopProblem = {
  status: 409,
  code: 'already_voted',
  detail: 'This item already has your vote',
};

export const NEXT_CLAIM_FAILED: LoopProblem = {
  status: 503,
  code: 'claim_failed',
  detail: 'The next item could not be claimed; claim it again',
};

/** A refusal in the middle of a command, thrown to its end (where it becomes the result). */
export class LoopRefused extends Error {
  constructor(readonly problem: LoopProblem) {
    super(typeof problem.detail === 'string' ? problem.detail : problem.code);
  }
}
