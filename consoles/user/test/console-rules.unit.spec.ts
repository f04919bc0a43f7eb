import type { TWalletTransaction } from '@evalmarket/contracts';
import { describe, expect, it } from 'vitest';
import { shortcutAction } from '../src/pages/evaluator/workspace/workspace-shortcuts';
import { accountLinks, SPEC_ACCOUNT_LINKS } from '../src/layout/account-links';
import { pageTitle } from '../src/layout/PageTitle';
import { transactionView } from '../src/pages/wallet/transaction-view';
import { addToast, dropSticky, MAX_TOASTS, type Toast } from '../src/ui/toast-queue';

describe('account menu', () => {
  const labels = (...args: Parameters<typeof accountLinks>) =>
    accountLinks(...args).map((link) => link.label);

  it("keeps the spec's entries first and adds the links each role can use", () => {
    expect(labels({ available_roles: ['requester'] }, 'not_applied')).toEqual([
      ...SPEC_ACCOUNT_LINKS.map((link) => link.label),
      'Spending Analytics',
      'My Votes',
      'Become an Evaluator',
    ]);
    expect(labels({ available_roles: ['requester', 'expert'] }, 'verified').slice(5)).toEqual([
      'Spending Analytics',
      'Earnings Analytics',
      'My Votes',
      'Cash Out',
    ]);
    expect(labels({ available_roles: ['requester'] }, 'pending')).toContain('Evaluator Application');
    expect(labels({ available_roles: ['requester'] }, 'rejected')).not.toContain('Cash Out');
    // Status unknown (loading or failed): nothing that depends on it.
    expect(labels(undefined, undefined).slice(5)).toEqual(['My Votes']);
  });
});

describe('tab titles', () => {
  it('puts the page first', () => {
    expect(pageTitle('Wallet & Credits')).toBe('Wallet & Credits - Evalmarket');
    expect(pageTitle(undefined)).toBe('Evalmarket');
  });
});

describe('toasts', () => {
  const toast = (id: number, message: string, kind: Toast['kind'] = 'error', sticky = false): Toast => ({
    id,
    kind,
    message,
    sticky,
  });

  it('collapses a repeat into one (the newest) and shows at most MAX_TOASTS', () => {
    let shown: Toast[] = [];
    for (let id = 1; id <= 4; id += 1) shown = addToast(shown, toast(id, 'Failed to load settings'));
    expect(shown).toEqual([toast(4, 'Failed to load settings')]);
    shown = addToast(shown, toast(5, 'Failed to load settings', 'success'));
    expect(shown).toHaveLength(2);
    for (let id = 6; id <= 10; id += 1) shown = addToast(shown, toast(id, `message ${id}`));
    expect(shown.map((one) => one.id)).toEqual([8, 9, 10]);
    expect(shown).toHaveLength(MAX_TOASTS);
  });

  it('drops sticky (Langfuse) toasts when the page changes, keeps the others', () => {
    const shown = [toast(1, 'Langfuse host unreachable', 'error', true), toast(2, 'Saved', 'success')];
    expect(dropSticky(shown)).toEqual([toast(2, 'Saved', 'success')]);
    const plain = [toast(3, 'Saved', 'success')];
    expect(dropSticky(plain)).toBe(plain);
  });
});

describe('workspace shortcuts', () => {
  const press = (key: string, extra: Partial<Parameters<typeof shortcutAction>[0]> = {}) =>
    shortcutAction({
      key,
      altKey: false,
      ctrlKey: false,
      metaKey: false,
      repeat: false,
      target: { tagName: 'BODY' } as unknown as EventTarget,
      ...extra,
    });

  it('maps the keys shown on screen', () => {
    expect([press('g'), press('G'), press('1'), press('b'), press('2'), press('s'), press('n')]).toEqual([
      'good',
      'good',
      'good',
      'bad',
      'bad',
      'skip',
      'next',
    ]);
    expect(press('x')).toBeUndefined();
  });

  it('leaves typing, modified keys and held keys alone', () => {
    expect(press('g', { target: { tagName: 'TEXTAREA' } as unknown as EventTarget })).toBeUndefined();
    expect(press('b', { target: { tagName: 'INPUT' } as unknown as EventTarget })).toBeUndefined();
    expect(press('g', { ctrlKey: true })).toBeUndefined();
    expect(press('g', { repeat: true })).toBeUndefined();
  });
});

describe('wallet rows', () => {
  const row = (overrides: Partial<TWalletTransaction>): TWalletTransaction => ({
    id: 'reward:a:earning:u',
    description: 'Reward for a vote',
    context: 'earning',
    type: 'credit',
    amount: 300,
    currency: 'credits',
    status: 'completed',
    created_at: '2026-11-25T10:00:00.000Z',
    kind: 'reward',
    evaluation: { id: 'e1', title: 'Travel answers' },
    cashout: null,
    ...overrides,
  });

  it('shows a paid reward as a green +300 and a cancelled one unsigned, struck through, explained', () => {
    expect(transactionView(row({}))).toMatchObject({ amount: '+300 credits', amountClass: 'amount-in' });
    expect(transactionView(row({ status: 'cancelled' }))).toEqual({
      title: 'Reward for a vote',
      detail: 'Not paid: the item was skipped or its time ran out',
      amount: '300 credits',
      amountClass: 'amount-void',
    });
    expect(transactionView(row({ status: 'pending' }))).toMatchObject({
      amount: '300 credits',
      amountClass: 'amount-pending',
    });
  });

  it('labels an auto-recharge and splits a cash-out', () => {
    expect(
      transactionView(
        row({ kind: 'auto_recharge', description: 'Credit purchase ($50)', context: 'spending' }),
      ).title,
    ).toBe('Auto-recharge ($50)');
    const cashout = transactionView(
      row({
        kind: 'cashout',
        description: 'Cash-out to bank account',
        type: 'debit',
        amount: 13_000,
        evaluation: null,
        cashout: { gross_credits: 13_000, fee_credits: 1_300, net_credits: 11_700 },
      }),
    );
    expect(cashout).toMatchObject({
      amount: '−13,000 credits',
      amountClass: 'amount-out',
      detail: 'Gross 13,000 − fee 1,300 = net 11,700 credits ($11.70 to your bank)',
    });
  });
});
