import type { DoubleState } from '../double-state.js';
import { invalidRequest } from '../errors.js';
import { list, obj, str } from '../params.js';
import { TEST_CARDS } from '../payment-rules.js';
import type { Route } from './route.js';

/** Customers and their payment methods (Customers.d.ts, PaymentMethods.d.ts). */
export function customerRoutes(state: DoubleState): Route[] {
  const { objects, newId, nowSeconds, store, find, emit, paymentMethodFrom, attach } = state;
  return [
    {
      method: 'POST',
      pattern: /^\/v1\/customers$/,
      handle: (_m, params) =>
        store({
          id: newId('cus'),
          object: 'customer',
          created: nowSeconds(),
          email: str(params.email) ?? null,
          name: str(params.name) ?? null,
          metadata: obj(params.metadata),
          invoice_settings: { default_payment_method: null },
          livemode: false,
        }),
    },
    { method: 'GET', pattern: /^\/v1\/customers\/([^/]+)$/, handle: ([id]) => find('customer', id!) },
    {
      method: 'POST',
      pattern: /^\/v1\/customers\/([^/]+)$/,
      handle: ([id], params) => {
        const customer = find('customer', id!);
        if (params.metadata) customer.metadata = { ...obj(customer.metadata), ...obj(params.metadata) };
        const settings = params.invoice_settings;
        if (settings && typeof settings === 'object' && !Array.isArray(settings)) {
          customer.invoice_settings = {
            default_payment_method: str(settings.default_payment_method) ?? null,
          };
        }
        return customer;
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/customers\/([^/]+)\/payment_methods$/,
      handle: ([id]) => {
        find('customer', id!);
        return list(
          [...objects.values()].filter((o) => o.object === 'payment_method' && o.customer === id),
          `/v1/customers/${id}/payment_methods`,
        );
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/payment_methods$/,
      handle: (_m, params) => {
        const customer = str(params.customer);
        return list(
          [...objects.values()].filter(
            (o) => o.object === 'payment_method' && (customer === undefined || o.customer === customer),
          ),
          '/v1/payment_methods',
        );
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/payment_methods\/([^/]+)$/,
      handle: ([id]) => (TEST_CARDS[id!] ? paymentMethodFrom(id!) : find('payment_method', id!)),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/payment_methods\/([^/]+)\/attach$/,
      handle: ([id], params) => {
        const method = TEST_CARDS[id!] ? paymentMethodFrom(id!) : find('payment_method', id!);
        const customer = str(params.customer);
        if (!customer)
          throw invalidRequest('Missing required param: customer.', 'customer', 'parameter_missing');
        attach(method, customer);
        return method;
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/payment_methods\/([^/]+)\/detach$/,
      handle: ([id]) => {
        const method = find('payment_method', id!);
        if (!method.customer) {
          throw invalidRequest(
            'The payment method you provided is not attached to a customer so detachment is impossible.',
            undefined,
            'payment_method_unexpected_state',
          );
        }
        method.customer = null;
        emit('payment_method.detached', method);
        return method;
      },
    },
  ];
}
