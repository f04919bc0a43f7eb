import type { DoubleState } from '../double-state.js';
import type { Route } from './route.js';

/** Plain reads of transfers, refunds, charges and disputes, and the platform's balance (Balance.d.ts). */
export function readRoutes(state: DoubleState): Route[] {
  const { find, availableBalanceCents, pendingBalanceCents } = state;
  return [
    { method: 'GET', pattern: /^\/v1\/transfers\/([^/]+)$/, handle: ([id]) => find('transfer', id!) },
    { method: 'GET', pattern: /^\/v1\/refunds\/([^/]+)$/, handle: ([id]) => find('refund', id!) },
    { method: 'GET', pattern: /^\/v1\/charges\/([^/]+)$/, handle: ([id]) => find('charge', id!) },
    { method: 'GET', pattern: /^\/v1\/disputes\/([^/]+)$/, handle: ([id]) => find('dispute', id!) },
    {
      method: 'GET',
      pattern: /^\/v1\/balance$/,
      handle: () => {
        const available = availableBalanceCents();
        return {
          id: 'balance',
          object: 'balance',
          livemode: false,
          available: [{ amount: available, currency: 'usd', source_types: { card: available } }],
          pending: [
            { amount: pendingBalanceCents(), currency: 'usd', source_types: { card: pendingBalanceCents() } },
          ],
        };
      },
    },
  ];
}
