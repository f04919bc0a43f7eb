import { describe, expect, it } from 'vitest';
import { openAccounts, purchaseCredits, withData } from './support/builders.js';
import { expectCheckingOrder, given, type RejectionRow } from './support/given-when-then.js';

const MAX_USD = Math.floor(Number.MAX_SAFE_INTEGER / 1000);
const TERMS = {
  seller: { name: 'Evalmarket Inc.', address: '1 Main St', tax_id: null },
  tax_rate_percent: 20,
};

describe('PurchaseCredits', () => {
  it('credits usd x 1,000 to the spending account against platform:stripe', () => {
    const state = given(openAccounts('req'))
      .when(purchaseCredits({ purchase_id: 'pi_1', user_id: 'req', amount_usd: 75 }))
      .then([
        {
          stream_id: 'purchase-pi_1',
          expected_version: 'no_stream',
          event: {
            type: 'CreditsPurchased',
            data: {
              purchase_id: 'pi_1',
              user_id: 'req',
              amount_usd: 75,
              credits: 75_000,
              postings: [
                {
                  transfer_id: 'pi_1',
                  debit: 'platform:stripe',
                  credit: 'spending:req',
                  amount: 75_000,
                  code: 'purchase',
                  phase: 'posted',
                },
              ],
            },
          },
        },
      ]);
    expect(state.accounts.get('spending:req')?.credits_posted).toBe(75_000);
    expect(state.accounts.get('platform:stripe')?.debits_posted).toBe(75_000);
  });

  it('records the invoice terms it is given with the purchase', () => {
    const [event] = given(openAccounts('req'))
      .when(purchaseCredits({ invoice: TERMS }))
      .thenEvents();
    expect(event?.data).toMatchObject({ purchase_id: 'pi_1', invoice: TERMS });
  });

  it('keeps the first invoice terms when the purchase is redelivered with others', () => {
    given(openAccounts('req'), purchaseCredits({ invoice: TERMS }))
      .when(purchaseCredits({ invoice: { ...TERMS, tax_rate_percent: 5 } }))
      .thenDuplicate();
  });

  it('treats a redelivered webhook (same purchase id and payload) as a duplicate', () => {
    given(openAccounts('req'), purchaseCredits()).when(purchaseCredits()).thenDuplicate();
  });

  it('accepts the largest purchase whose credits a double still counts exactly', () => {
    const [event] = given(openAccounts('req'))
      .when(purchaseCredits({ amount_usd: MAX_USD }))
      .thenEvents();
    expect(event?.data.postings[0]?.amount).toBe(MAX_USD * 1000);
  });

  const opened = [openAccounts('req')];
  const rows: RejectionRow[] = [
    {
      rejection: 'idempotency_key_reused_with_different_payload',
      case: 'same purchase id, other amount',
      given: [...opened, purchaseCredits({ amount_usd: 50 })],
      when: purchaseCredits({ amount_usd: 60 }),
    },
    {
      rejection: 'idempotency_key_reused_with_different_payload',
      case: 'same purchase id, other user',
      given: [...opened, openAccounts('other'), purchaseCredits()],
      when: purchaseCredits({ user_id: 'other' }),
    },
    {
      rejection: 'invalid_id',
      case: 'purchase id',
      given: opened,
      when: purchaseCredits({ purchase_id: '-pi' }),
    },
    {
      rejection: 'invalid_id',
      case: 'user id (and a bad amount: ids are checked first)',
      given: opened,
      when: purchaseCredits({ user_id: 'r/q', amount_usd: Number.NaN }),
    },
    {
      rejection: 'amount_must_be_integer',
      case: 'NaN',
      given: opened,
      when: purchaseCredits({ amount_usd: NaN }),
    },
    {
      rejection: 'amount_must_be_integer',
      case: 'Infinity',
      given: opened,
      when: purchaseCredits({ amount_usd: Infinity }),
    },
    {
      rejection: 'amount_must_be_integer',
      case: 'fractional dollars',
      given: opened,
      when: purchaseCredits({ amount_usd: 50.5 }),
    },
    {
      rejection: 'amount_must_be_integer',
      case: 'a numeric string',
      given: opened,
      when: withData(purchaseCredits(), { amount_usd: '50' }),
    },
    {
      rejection: 'amount_must_be_positive',
      case: 'zero',
      given: opened,
      when: purchaseCredits({ amount_usd: 0 }),
    },
    {
      rejection: 'amount_must_be_positive',
      case: 'negative',
      given: opened,
      when: purchaseCredits({ amount_usd: -50 }),
    },
    {
      rejection: 'amount_exceeds_maximum',
      case: 'credits beyond MAX_SAFE_INTEGER',
      given: opened,
      when: purchaseCredits({ amount_usd: MAX_USD + 1 }),
    },
    {
      rejection: 'unknown_account',
      case: 'accounts never opened (checked before the minimum)',
      given: [],
      when: purchaseCredits({ amount_usd: 10 }),
    },
    {
      rejection: 'invalid_invoice_terms',
      case: 'a tax rate above 100% (checked before the minimum)',
      given: opened,
      when: purchaseCredits({ amount_usd: 10, invoice: { ...TERMS, tax_rate_percent: 101 } }),
    },
    {
      rejection: 'invalid_invoice_terms',
      case: 'no seller name',
      given: opened,
      when: purchaseCredits({ invoice: { ...TERMS, seller: { ...TERMS.seller, name: '' } } }),
    },
    {
      rejection: 'purchase_below_minimum',
      case: '$49',
      given: opened,
      when: purchaseCredits({ amount_usd: 49 }),
    },
    {
      rejection: 'balance_overflow',
      case: 'platform:stripe cannot count past MAX_SAFE_INTEGER',
      given: [...opened, purchaseCredits({ purchase_id: 'pi_big', amount_usd: MAX_USD })],
      when: purchaseCredits({ purchase_id: 'pi_more', amount_usd: 50 }),
    },
  ];
  it('lists its rejections in checking order', () => expectCheckingOrder(rows));
  it.each(rows)('$rejection: $case', (row) => {
    given(...row.given)
      .when(row.when, row.now_ms)
      .thenRejects(row.rejection);
  });
});
