import { createHash } from 'node:crypto';
import { canonicalJson } from './canonical-json.js';

/** The link before the first event. */
export const GENESIS_HASH = '0'.repeat(64);

export interface HashedFields {
  global_position: number;
  event_id: string;
  stream_id: string;
  stream_version: number;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: unknown;
  recorded_at: string;
}

/** sha256 over the predecessor's hash and every field that gives the event its meaning. */
export function eventHash(prevHash: string, event: HashedFields): string {
  return createHash('sha256')
    .update(prevHash)
    .update('\n')
    .update(
      `${event.global_position}\n${event.event_id}\n${event.stream_id}\n${event.stream_version}\n${event.type}\n${event.schema_version}\n${event.recorded_at}\n`,
    )
    .update(canonicalJson(event.data))
    .update('\n')
    .update(canonicalJson(event.metadata))
    .digest('hex');
}

/** Hash of a command's payload, stored with its idempotency key. */
export function payloadHash(payload: unknown): string {
  return createHash('sha256').update(canonicalJson(payload)).digest('hex');
}
