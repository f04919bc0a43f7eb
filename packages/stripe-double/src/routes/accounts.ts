import type { DoubleState } from '../double-state.js';
import { invalidRequest } from '../errors.js';
import { obj, str } from '../params.js';
import type { Route } from './route.js';

/** Connect: Express accounts, their onboarding and dashboard links (Accounts.d.ts, AccountLinks.d.ts). */
export function accountRoutes(state: DoubleState): Route[] {
  const { objects, newId, nowSeconds, store, find, emit } = state;
  return [
    {
      method: 'POST',
      pattern: /^\/v1\/accounts$/,
      handle: (_m, params, key) => {
        // Stricter than Stripe: `type` is deprecated in favour of `controller` (Accounts.d.ts),
        // and the country is not left to default to the platform's.
        if (params.type !== undefined) {
          throw invalidRequest(
            'The double refuses the deprecated `type`; describe the account with `controller` instead.',
            'type',
            'parameter_unknown',
          );
        }
        const controller = obj(params.controller);
        if (Object.keys(controller).length === 0) {
          throw invalidRequest('Missing required param: controller.', 'controller', 'parameter_missing');
        }
        const country = str(params.country);
        if (!country || !/^[A-Z]{2}$/.test(country)) {
          throw invalidRequest('Missing required param: country.', 'country', 'parameter_missing');
        }
        const requested = Object.keys(obj(params.capabilities));
        const account = store({
          id: newId('acct'),
          object: 'account',
          type: obj(controller.stripe_dashboard).type === 'express' ? 'express' : 'none',
          controller,
          country,
          email: str(params.email) ?? null,
          metadata: obj(params.metadata),
          capabilities: Object.fromEntries(requested.map((name) => [name, 'inactive'])),
          details_submitted: false,
          charges_enabled: false,
          payouts_enabled: false,
          created: nowSeconds(),
        });
        emit('account.updated', account, key, account.id);
        return account;
      },
    },
    { method: 'GET', pattern: /^\/v1\/accounts\/([^/]+)$/, handle: ([id]) => find('account', id!) },
    {
      method: 'DELETE',
      pattern: /^\/v1\/accounts\/([^/]+)$/,
      handle: ([id]) => {
        find('account', id!);
        objects.delete(id!);
        return { id: id!, object: 'account', deleted: true };
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/account_links$/,
      handle: (_m, params) => {
        const account = str(params.account);
        if (!account)
          throw invalidRequest('Missing required param: account.', 'account', 'parameter_missing');
        find('account', account, 'account');
        for (const name of ['refresh_url', 'return_url']) {
          if (!str(params[name]))
            throw invalidRequest(`Missing required param: ${name}.`, name, 'parameter_missing');
        }
        const returnUrl = encodeURIComponent(str(params.return_url)!);
        return {
          id: newId('acctlink'),
          object: 'account_link',
          created: nowSeconds(),
          expires_at: nowSeconds() + 300,
          url: `${state.publicUrl}/_fake/onboarding/${account}?return_url=${returnUrl}`,
        };
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/accounts\/([^/]+)\/login_links$/,
      handle: ([id]) => {
        find('account', id!);
        return {
          id: newId('lnk'),
          object: 'login_link',
          created: nowSeconds(),
          url: `${state.publicUrl}/_fake/express/${id}`,
        };
      },
    },
  ];
}
