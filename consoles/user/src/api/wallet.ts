import { api, apiCall, apiCallWithHeaders } from './client';
import type { Body, Query } from './paths';

/** The wallet domain: balances, transactions, credit purchases, the saved card and auto-recharge. */

export function getWallet() {
  return apiCall({ action: 'loading the wallet' }, (init) => api.GET('/api/v1/wallet/', init));
}

export function getBalance(signal?: AbortSignal) {
  return apiCall({ action: 'loading the balance', signal }, (init) =>
    api.GET('/api/v1/wallet/balance', init),
  );
}

/** One page of transactions and the cursor of the next (the x-next-before header; null at the end). */
export async function listTransactions(query: Query<'/api/v1/wallet/transactions'>, signal?: AbortSignal) {
  const { data, headers } = await apiCallWithHeaders({ action: 'loading transactions', signal }, (init) =>
    api.GET('/api/v1/wallet/transactions', { ...init, params: { query } }),
  );
  return { rows: data, nextBefore: headers.get('x-next-before') };
}

export function startCreditPurchase(amountUsd: number, idempotencyKey: string) {
  return apiCall({ action: 'purchasing credits', idempotencyKey }, (init) =>
    api.POST('/api/v1/wallet/purchase-credits', { ...init, body: { amount_usd: amountUsd } }),
  );
}

export function getAutoRecharge() {
  return apiCall({ action: 'loading auto-recharge settings' }, (init) =>
    api.GET('/api/v1/wallet/auto-recharge/status', init),
  );
}

export function configureAutoRecharge(body: Body<'/api/v1/wallet/auto-recharge/configure', 'post'>) {
  return apiCall({ action: 'saving auto-recharge settings' }, (init) =>
    api.POST('/api/v1/wallet/auto-recharge/configure', { ...init, body }),
  );
}

export function toggleAutoRecharge(enabled: boolean) {
  return apiCall({ action: 'saving auto-recharge settings' }, (init) =>
    api.PUT('/api/v1/wallet/auto-recharge/toggle', { ...init, body: { enabled } }),
  );
}

export function getSavedCard() {
  return apiCall({ action: 'loading the saved card' }, (init) =>
    api.GET('/api/v1/wallet/saved-payment-method', init),
  );
}

export function removeSavedCard() {
  return apiCall({ action: 'removing the payment method' }, (init) =>
    api.DELETE('/api/v1/wallet/saved-payment-method', init),
  );
}
