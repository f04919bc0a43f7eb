export {
  startStripeFake,
  signatureHeader,
  type StripeFake,
  type StripeFakeOptions,
  type StripeFakeSwitches,
  type StripeObject,
  type WebhookTarget,
} from './stripe-double.js';
export { parseFormBody } from './form-body.js';
