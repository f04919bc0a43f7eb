import { describe, expect, it } from 'vitest';
import {
  ZAccountId,
  ZCredits,
  ZDevGrantCreditsRequest,
  ZStreamId,
  ZWalletTransactionsQuery,
} from '../src/index.js';

describe('contracts', () => {
  it('accepts user and platform account ids and nothing else', () => {
    for (const ok of ['spending:u1', 'earning:user_2.x-y', 'platform:stripe', 'platform:fees']) {
      expect(ZAccountId.safeParse(ok).success).toBe(true);
    }
    for (const bad of [
      'spending:',
      'savings:u1',
      'platform:bank',
      'spending:has space',
      'earning:-lead',
      '',
    ]) {
      expect(ZAccountId.safeParse(bad).success).toBe(false);
    }
  });

  it('accepts category-id stream names only', () => {
    expect(ZStreamId.safeParse('reward-tr_1').success).toBe(true);
    expect(ZStreamId.safeParse('ledger_accounts-u1').success).toBe(true);
    for (const bad of ['Reward-1', 'reward', 'reward-', '-1', 'reward 1', 'x'.repeat(201)]) {
      expect(ZStreamId.safeParse(bad).success).toBe(false);
    }
  });

  it('keeps credits whole, positive and exact', () => {
    expect(ZCredits.safeParse(1).success).toBe(true);
    for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1, '5']) {
      expect(ZCredits.safeParse(bad).success).toBe(false);
    }
  });

  it('defaults the transactions page to 20 and bounds it', () => {
    expect(ZWalletTransactionsQuery.parse({})).toEqual({ limit: 20 });
    expect(ZWalletTransactionsQuery.parse({ limit: '40', context: 'earning' })).toEqual({
      limit: 40,
      context: 'earning',
    });
    expect(ZWalletTransactionsQuery.safeParse({ limit: '0' }).success).toBe(false);
    expect(ZWalletTransactionsQuery.safeParse({ limit: '501' }).success).toBe(false);
  });

  it('trims the grant reason and refuses a blank one', () => {
    expect(ZDevGrantCreditsRequest.parse({ amount_credits: 5, reason: '  test  ' })).toEqual({
      amount_credits: 5,
      context: 'spending',
      reason: 'test',
    });
    expect(ZDevGrantCreditsRequest.safeParse({ amount_credits: 5, reason: '   ' }).success).toBe(false);
  });
});
