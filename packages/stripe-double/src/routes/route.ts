import type { FormObject } from '../form-body.js';
import type { StripeList, StripeObject } from '../types.js';

/** One endpoint of the double: method, path pattern and what it answers. */
export interface Route {
  method: string;
  pattern: RegExp;
  handle: (match: string[], params: FormObject, key: string | undefined) => StripeObject | StripeList;
  /** Callable with a publishable key and the object's client_secret (what Stripe.js does). */
  publishable?: true;
}
