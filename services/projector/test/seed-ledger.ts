import type { NewEvent } from '@evalmarket/eventstore';
import type { Harness } from './harness.js';
import {
  bonusGranted,
  cashoutFailed,
  cashoutPaid,
  cashoutRequested,
  creditsAdjusted,
  purchased,
  rewardReleased,
  rewardReserved,
  userRegistered,
  voteRecorded,
} from './ledger-events.js';

/**
 * A small, valid world: two requesters fund rewards for three evaluators, who vote, skip and cash
 * out. Returns the last position.
 */
export async function seedLedger(h: Harness, rounds = 30): Promise<number> {
  const requesters = ['alice', 'bob'];
  const evaluators = ['eve', 'frank', 'grace'];
  let last = 0;
  const append = async (events: NewEvent[]) => {
    const stored = await h.append(events);
    last = stored[stored.length - 1]!.global_position;
  };
  for (const r of requesters)
    await append([userRegistered(r), purchased(`pi_${r}`, r, 100), bonusGranted(r)]);
  for (let i = 0; i < rounds; i += 1) {
    const requester = requesters[i % 2]!;
    const evaluator = evaluators[i % 3]!;
    const transfer = `seed-${i}`;
    await append([rewardReserved(transfer, requester, evaluator, 250)]);
    await append([
      i % 5 === 4
        ? rewardReleased(transfer, requester, evaluator, 250)
        : voteRecorded(transfer, requester, evaluator, 250),
    ]);
  }
  await append([cashoutRequested('co-eve', 'eve', 1_000), cashoutPaid('co-eve', 'eve', 1_000)]);
  await append([cashoutRequested('co-frank', 'frank', 500)]);
  await append([cashoutFailed('co-frank', 'frank', 500)]);
  await append([creditsAdjusted('adj-bob', 'bob', 'spending', -1_500, 'chargeback')]);
  await append([rewardReserved('seed-open', 'alice', 'grace', 250)]);
  return last;
}
