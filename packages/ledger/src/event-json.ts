import type { TLedgerEvent, TPosting } from '@evalmarket/contracts';

/*
 * JSON text of the reward events' data (reserve, post, release: the ledger's volume), written
 * by hand because JSON.stringify costs about ten times as much and the writer makes this text
 * for every transfer. Each string is interpolated only after a check that it needs no escaping
 * (ids, account ids, ISO times and the ledger's own codes always pass); anything else, and every
 * other event type, goes through JSON.stringify. Parsing the text gives back the data exactly
 * (test/event-json.unit.spec.ts).
 */

const PLAIN = /^[A-Za-z0-9_.:+-]*$/;

function plain(value: unknown): value is string {
  return typeof value === 'string' && PLAIN.test(value);
}

function integer(value: unknown): value is number {
  return Number.isSafeInteger(value);
}

function postingJson(posting: TPosting | undefined): string | undefined {
  if (
    posting === undefined ||
    Object.keys(posting).length !== 6 ||
    !plain(posting.transfer_id) ||
    !plain(posting.debit) ||
    !plain(posting.credit) ||
    !integer(posting.amount) ||
    !plain(posting.code) ||
    !plain(posting.phase)
  ) {
    return undefined;
  }
  return `[{"transfer_id":"${posting.transfer_id}","debit":"${posting.debit}","credit":"${posting.credit}","amount":${posting.amount},"code":"${posting.code}","phase":"${posting.phase}"}]`;
}

/** The event's data as JSON text; equal, once parsed, to `JSON.parse(JSON.stringify(data))`. */
export function ledgerEventDataJson(event: TLedgerEvent): string {
  return hotEventDataJson(event) ?? JSON.stringify(event.data);
}

/** The fields every reward event has, checked: its one posting's JSON, or undefined. */
function rewardPostingJson(
  d: {
    transfer_id: unknown;
    requester_id: unknown;
    evaluator_id: unknown;
    credits: unknown;
    postings: TPosting[];
  },
  fieldCount: number,
): string | undefined {
  if (
    Object.keys(d).length !== fieldCount ||
    d.postings.length !== 1 ||
    !plain(d.transfer_id) ||
    !plain(d.requester_id) ||
    !plain(d.evaluator_id) ||
    !integer(d.credits)
  ) {
    return undefined;
  }
  return postingJson(d.postings[0]);
}

function hotEventDataJson(event: TLedgerEvent): string | undefined {
  switch (event.type) {
    case 'RewardReserved': {
      const d = event.data;
      const withItem = d.item_id !== undefined;
      if ((withItem && !plain(d.item_id)) || !plain(d.expires_at)) return undefined;
      const postings = rewardPostingJson(d, withItem ? 7 : 6);
      if (postings === undefined) return undefined;
      return `{"transfer_id":"${d.transfer_id}","requester_id":"${d.requester_id}","evaluator_id":"${d.evaluator_id}","credits":${d.credits},"expires_at":"${d.expires_at}","postings":${postings}${withItem ? `,"item_id":"${d.item_id}"` : ''}}`;
    }
    case 'VoteRecorded': {
      const d = event.data;
      if (!plain(d.vote_id)) return undefined;
      const postings = rewardPostingJson(d, 6);
      if (postings === undefined) return undefined;
      return `{"transfer_id":"${d.transfer_id}","vote_id":"${d.vote_id}","requester_id":"${d.requester_id}","evaluator_id":"${d.evaluator_id}","credits":${d.credits},"postings":${postings}}`;
    }
    case 'RewardReleased': {
      const d = event.data;
      if (!plain(d.reason)) return undefined;
      const postings = rewardPostingJson(d, 6);
      if (postings === undefined) return undefined;
      return `{"transfer_id":"${d.transfer_id}","requester_id":"${d.requester_id}","evaluator_id":"${d.evaluator_id}","credits":${d.credits},"reason":"${d.reason}","postings":${postings}}`;
    }
    // Stryker disable next-line ConditionalExpression: with no default case the switch ends and undefined is returned all the same.
    default:
      return undefined;
  }
}
