import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  LATEST_TIMESTAMP_MS,
  LEDGER_COMMAND_TYPES,
  MAXIMUM_REWARD_TIMEOUT_MS,
  LEDGER_REJECTIONS,
  createLedgerState,
  decide,
  evolve,
  type LedgerCommand,
} from '../src/index.js';
import { T0_MS, openAccounts, purchaseCredits, reserveReward } from './support/builders.js';
import { given } from './support/given-when-then.js';

describe('decide: the envelope', () => {
  it.each([
    { case: 'null', command: null },
    { case: 'a string', command: 'PurchaseCredits' },
    { case: 'no data', command: { type: 'PurchaseCredits' } },
    { case: 'data null', command: { type: 'PurchaseCredits', data: null } },
    { case: 'an unknown type', command: { type: 'StealCredits', data: {} } },
    { case: 'type of the wrong kind', command: { type: Symbol('x'), data: {} } },
  ])('unknown_command: $case', ({ command }) => {
    const decision = decide(createLedgerState(), command as unknown as LedgerCommand, { now: T0_MS });
    expect(decision).toMatchObject({ ok: false, rejection: 'unknown_command' });
    if (!decision.ok) expect(decision.message.length).toBeGreaterThan(0);
  });

  it.each([Number.NaN, -1, 1.5, LATEST_TIMESTAMP_MS + 1, undefined, '2025-01-01'])(
    'invalid_timestamp: metadata.now = %s (checked before idempotency)',
    (now) => {
      const { state } = given(openAccounts('u1'));
      expect(decide(state, openAccounts('u1'), { now: now as number })).toMatchObject({
        ok: false,
        rejection: 'invalid_timestamp',
        message: expect.stringContaining('metadata.now'),
      });
    },
  );

  it('accepts metadata.now at both ends of its range; the latest still prints a four-digit year', () => {
    const funded = [openAccounts('req'), openAccounts('eva'), purchaseCredits()];
    const [latest] = given(...funded)
      .when(reserveReward({ timeout_ms: MAXIMUM_REWARD_TIMEOUT_MS }), LATEST_TIMESTAMP_MS)
      .thenEvents();
    expect(latest?.type === 'RewardReserved' && latest.data.expires_at).toBe('9999-12-31T23:59:59.999Z');
    const [earliest] = given(...funded)
      .when(reserveReward({ timeout_ms: 1 }), 0)
      .thenEvents();
    expect(earliest?.type === 'RewardReserved' && earliest.data.expires_at).toBe('1970-01-01T00:00:00.001Z');
  });

  it('lists unknown_command and invalid_timestamp first and insufficient_credits last', () => {
    expect(LEDGER_REJECTIONS[0]).toBe('unknown_command');
    expect(LEDGER_REJECTIONS[1]).toBe('invalid_timestamp');
    expect(LEDGER_REJECTIONS[2]).toBe('idempotency_key_reused_with_different_payload');
    expect(LEDGER_REJECTIONS.at(-1)).toBe('insufficient_credits');
    expect(new Set(LEDGER_REJECTIONS).size).toBe(LEDGER_REJECTIONS.length);
  });

  it('never throws and never changes the state, whatever arrives', () => {
    const state = given(openAccounts('req'), openAccounts('eva'), purchaseCredits(), reserveReward()).state;
    const before = structuredClone(state);
    const anyCommand = fc.oneof(
      fc.anything({ withNullPrototype: true, withBigInt: true, withMap: true, withSet: true }),
      fc.record({
        type: fc.constantFrom(...LEDGER_COMMAND_TYPES),
        data: fc.dictionary(
          fc.constantFrom(
            'user_id',
            'purchase_id',
            'amount_usd',
            'transfer_id',
            'requester_id',
            'evaluator_id',
            'credits',
            'timeout_ms',
            'item_id',
            'vote_id',
            'reason',
            'max_count',
            'cashout_id',
            'gross_credits',
            'minimum_cashout_credits',
            'stripe_transfer_id',
            'adjustment_id',
            'context',
            'amount_credits',
            'actor_id',
          ),
          fc.oneof(
            fc.anything({ withNullPrototype: true, withBigInt: true }),
            fc.constantFrom('req', 'eva', 'tr_1', 'skipped', 'spending', 50, 100, 10_000, -1, Number.NaN),
          ),
        ),
      }),
    );
    fc.assert(
      fc.property(anyCommand, fc.anything(), (command, now) => {
        for (const metadata of [{ now: T0_MS }, { now }]) {
          const decision = decide(state, command as LedgerCommand, metadata as { now: number });
          if (!decision.ok) expect(LEDGER_REJECTIONS).toContain(decision.rejection);
        }
        expect(state).toEqual(before);
      }),
      { numRuns: 500 },
    );
  });

  it('decides every command type against an empty state without throwing', () => {
    const state = createLedgerState();
    for (const type of LEDGER_COMMAND_TYPES) {
      const decision = decide(state, { type, data: {} } as LedgerCommand, { now: T0_MS });
      expect(decision.ok === false || decision.events.length === 0).toBe(true);
      if (decision.ok) for (const decided of decision.events) evolve(state, decided.event);
    }
  });
});
