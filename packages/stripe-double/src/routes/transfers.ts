import type { DoubleState } from '../double-state.js';
import { invalidRequest } from '../errors.js';
import { int, obj, str } from '../params.js';
import type { Route } from './route.js';

/** Connect transfers to connected accounts, from the available balance (Transfers.d.ts). */
export function transferRoutes(state: DoubleState): Route[] {
  const { newId, nowSeconds, store, find, emit, transferredFrom, availableBalanceCents } = state;
  return [
    {
      method: 'POST',
      pattern: /^\/v1\/transfers$/,
      handle: (_m, params, key) => {
        const amount = int(params.amount, 'amount');
        const destination = str(params.destination);
        if (!destination)
          throw invalidRequest('Missing required param: destination.', 'destination', 'parameter_missing');
        const account = find('account', destination, 'destination');
        // Transfers need the destination's `transfers` capability active (Accounts.d.ts
        // capabilities.transfers), not payouts_enabled.
        const capabilities = obj(account.capabilities);
        if (capabilities.transfers !== 'active') {
          throw invalidRequest(
            'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
            'destination',
            'insufficient_capabilities_for_transfer',
          );
        }
        const sourceId = str(params.source_transaction);
        if (sourceId) {
          const source = find('charge', sourceId, 'source_transaction');
          const left = Number(source.amount) - Number(source.amount_refunded) - transferredFrom(sourceId);
          if (amount > left) {
            throw invalidRequest(
              `The transfer amount ($${(amount / 100).toFixed(2)}) exceeds what is left of the source transaction ($${(left / 100).toFixed(2)}).`,
              'amount',
              'transfer_source_balance_parameters_mismatch',
            );
          }
        } else if (amount > availableBalanceCents()) {
          throw invalidRequest(
            'You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card. See: https://stripe.com/docs/testing#available-balance',
            undefined,
            'balance_insufficient',
          );
        }
        const transfer = store({
          id: newId('tr'),
          object: 'transfer',
          amount,
          amount_reversed: 0,
          source_transaction: sourceId ?? null,
          currency: str(params.currency) ?? 'usd',
          destination,
          metadata: obj(params.metadata),
          transfer_group: str(params.transfer_group) ?? null,
          reversed: false,
          created: nowSeconds(),
        });
        emit('transfer.created', transfer, key);
        return transfer;
      },
    },
  ];
}
