import { createHmac } from 'node:crypto';

/** The `Stripe-Signature` header stripe-node's `webhooks.constructEvent` verifies. */
export function signatureHeader(
  payload: string,
  secret: string,
  timestampSeconds = Math.floor(Date.now() / 1000),
): string {
  const signature = createHmac('sha256', secret)
    .update(`${timestampSeconds}.${payload}`, 'utf8')
    .digest('hex');
  return `t=${timestampSeconds},v1=${signature}`;
}
