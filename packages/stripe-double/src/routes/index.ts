import type { DoubleState } from '../double-state.js';
import { customerRoutes } from './customers.js';
import { paymentIntentRoutes } from './payment-intents.js';
import { setupIntentRoutes } from './setup-intents.js';
import { refundRoutes } from './refunds.js';
import { accountRoutes } from './accounts.js';
import { transferRoutes } from './transfers.js';
import { readRoutes } from './reads.js';
import type { Route } from './route.js';

/** Every endpoint of the double, in the order they are matched. */
export function allRoutes(state: DoubleState): Route[] {
  return [
    ...customerRoutes(state),
    ...paymentIntentRoutes(state),
    ...setupIntentRoutes(state),
    ...refundRoutes(state),
    ...accountRoutes(state),
    ...transferRoutes(state),
    ...readRoutes(state),
  ];
}
