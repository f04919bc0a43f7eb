import type { TLedgerEvent } from '@evalmarket/contracts';
import { describe, expect, it } from 'vitest';
import { MAXIMUM_EXPIRE_REWARDS_COUNT, availableBalance, type LedgerCommand } from '../src/index.js';
import {
  T0_MS,
  expireRewards,
  openAccounts,
  postReward,
  purchaseCredits,
  reserveReward,
  withData,
} from './support/builders.js';
import { expectCheckingOrder, given, type RejectionRow } from './support/given-when-then.js';

const funded = [openAccounts('req'), openAccounts('eva'), purchaseCredits({ amount_usd: 50 })];

/** Reservations made at T0 with these leases, ids tr_{lease}_{n}. */
function reservations(...leasesMs: number[]): LedgerCommand[] {
  return leasesMs.map((timeout_ms, index) =>
    reserveReward({ transfer_id: `tr_${timeout_ms}_${index}`, timeout_ms, credits: 10 }),
  );
}

function releasedIds(events: readonly TLedgerEvent[]): (string | undefined)[] {
  return events.map((event) => ('transfer_id' in event.data ? event.data.transfer_id : undefined));
}

describe('ExpireRewards', () => {
  it('voids every reward with expires_at <= now, oldest first, reason expired', () => {
    const history = given(...funded, ...reservations(3_000, 1_000, 5_000, 2_000, 1_000));
    const events = history.when(expireRewards(), T0_MS + 3_000).thenEvents();
    expect(releasedIds(events)).toEqual(['tr_1000_1', 'tr_1000_4', 'tr_2000_3', 'tr_3000_0']);
    expect(events.every((event) => event.type === 'RewardReleased' && event.data.reason === 'expired')).toBe(
      true,
    );
    const spending = history.state.accounts.get('spending:req');
    expect(spending?.debits_pending).toBe(10);
    expect(spending && availableBalance(spending)).toBe(50_000 - 10);
  });

  it('gives each voided reward its own stream and expected version', () => {
    const decision = given(...funded, ...reservations(1_000, 1_000)).when(
      expireRewards(),
      T0_MS + 1_000,
    ).decision;
    expect(
      decision.ok && decision.events.map(({ stream_id, expected_version }) => [stream_id, expected_version]),
    ).toEqual([
      ['reward-tr_1000_0', 1],
      ['reward-tr_1000_1', 1],
    ]);
  });

  it('voids at most max_count, and the next run picks up the rest', () => {
    const history = given(...funded, ...reservations(1_000, 2_000, 3_000));
    expect(releasedIds(history.when(expireRewards(2), T0_MS + 10_000).thenEvents())).toEqual([
      'tr_1000_0',
      'tr_2000_1',
    ]);
    expect(releasedIds(history.when(expireRewards(2), T0_MS + 10_000).thenEvents())).toEqual(['tr_3000_2']);
  });

  it('is an empty success when nothing has expired, and leaves posted rewards alone', () => {
    const history = given(...funded, ...reservations(1_000, 1_000), postReward({ transfer_id: 'tr_1000_0' }));
    expect(history.when(expireRewards(), T0_MS + 999).thenEvents()).toEqual([]);
    expect(releasedIds(history.when(expireRewards(), T0_MS + 1_000).thenEvents())).toEqual(['tr_1000_1']);
    expect(history.when(expireRewards(), T0_MS + 1_000).thenEvents()).toEqual([]);
  });

  it('then refuses the late vote as transfer_expired, even before expiry ran', () => {
    given(...funded, ...reservations(1_000))
      .when(postReward({ transfer_id: 'tr_1000_0' }), T0_MS + 1_000)
      .thenRejects('transfer_expired');
  });

  const rows: RejectionRow[] = [
    { rejection: 'limit_out_of_range', case: 'zero', given: funded, when: expireRewards(0) },
    {
      rejection: 'limit_out_of_range',
      case: 'above the batch limit',
      given: funded,
      when: expireRewards(MAXIMUM_EXPIRE_REWARDS_COUNT + 1),
    },
    {
      rejection: 'limit_out_of_range',
      case: 'not a number',
      given: funded,
      when: withData(expireRewards(), { max_count: '10' }),
    },
  ];
  it('lists its rejections in checking order', () => expectCheckingOrder(rows));
  it.each(rows)('$rejection: $case', (row) => {
    given(...row.given)
      .when(row.when, row.now_ms)
      .thenRejects(row.rejection);
  });
});
