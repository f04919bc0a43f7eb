import type { TEventMetadata, TLedgerEvent } from '@evalmarket/contracts';
import { validateUnit, type JournalAppend, type StreamAppend } from '@evalmarket/eventstore';
import type { DecidedLedgerEvent } from '@evalmarket/ledger';

/**
 * The caller's own events that must land with a reward command's money (a claim's ItemClaimed
 * with its ReserveReward, a vote's VoteCast with its PostReward), made from the ledger events the
 * command was decided to (a reservation's lease end, say). Called only when the command is decided
 * afresh (not when it is refused or a duplicate, whose first decision carried them); they join
 * its commit unit and share its outcome. They go to the packed journal with the reward's events,
 * so their streams are the caller's alone: exact expected versions (a number or 'no_stream'),
 * trusted rather than checked, read back by readAll.
 */
export type Companions = (decided: readonly TLedgerEvent[]) => StreamAppend[];

/**
 * A command's companions, made from its decided events and checked before they share a commit
 * with other callers' commands (a bad one would fail the whole batch), with the submission's
 * metadata on their events; the error when they cannot ride. They may not go to the packed
 * streams, which are the ledger's own.
 */
export function companionAppends(
  companions: Companions,
  metadata: TEventMetadata | undefined,
  decided: readonly DecidedLedgerEvent[],
  packedStreamPrefix: string,
): JournalAppend[] | Error {
  try {
    const appends = companions(decided.map((event) => event.event)).map((append) => {
      if (typeof append.stream_id === 'string' && append.stream_id.startsWith(packedStreamPrefix))
        throw new Error(`Companion events may not go to the ledger's own streams (${append.stream_id})`);
      // Their JSON is made once here, checked now and written as it is.
      return {
        ...append,
        events: append.events.map((event) => ({ ...event, metadata, data_json: JSON.stringify(event.data) })),
      };
    });
    if (appends.length === 0) return appends;
    return validateUnit({ packed: true, appends }) ?? appends;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}
