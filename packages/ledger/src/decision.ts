import type { TLedgerEvent } from '@evalmarket/contracts';
import type { LedgerRejection } from './ledger-rejection.js';

/** One event to append, with the optimistic-concurrency version its stream must be at. */
export interface DecidedLedgerEvent {
  stream_id: string;
  /** The stream's current event count, or 'no_stream' when this event starts it. */
  expected_version: number | 'no_stream';
  event: TLedgerEvent;
}

export type Decision =
  | { ok: true; duplicate: boolean; events: DecidedLedgerEvent[] }
  | { ok: false; rejection: LedgerRejection; message: string };

export function accepted(
  streamId: string,
  expectedVersion: number | 'no_stream',
  event: TLedgerEvent,
): Decision {
  return {
    ok: true,
    duplicate: false,
    events: [{ stream_id: streamId, expected_version: expectedVersion, event }],
  };
}

/** A true retry: the entity already holds exactly this, so there is nothing to append. */
export function duplicate(): Decision {
  return { ok: true, duplicate: true, events: [] };
}

export function rejected(rejection: LedgerRejection, message: string): Decision {
  return { ok: false, rejection, message };
}
