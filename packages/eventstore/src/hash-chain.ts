import { createHash, hash } from 'node:crypto';
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
  return linkHash(prevHash, event, canonicalJson(event.data), canonicalJson(event.metadata));
}

/**
 * The same link for an event of the packed journal, whose JSON text is stored as written (no
 * jsonb key reordering), so the JSON already made to store it is hashed as is.
 */
export function packedEventHash(
  prevHash: string,
  event: HashedFields,
  dataJson: string,
  metadataJson: string,
) {
  return linkHash(prevHash, event, dataJson, metadataJson);
}

function linkHash(prevHash: string, event: HashedFields, dataJson: string, metadataJson: string): string {
  // One string, one-shot hash: cheaper per event than feeding the parts in turn.
  return hash(
    'sha256',
    `${prevHash}\n${event.global_position}\n${event.event_id}\n${event.stream_id}\n${event.stream_version}\n${event.type}\n${event.schema_version}\n${event.recorded_at}\n${dataJson}\n${metadataJson}`,
  );
}

/**
 * The link of a packed batch (format 2): one hash over the predecessor's hash, the batch's
 * position range and time, and its events exactly as stored. Every event of the batch carries it.
 */
export function batchLinkHash(
  prevHash: string,
  firstPosition: number,
  lastPosition: number,
  recordedAt: string,
  body: string,
): string {
  return hash('sha256', `${prevHash}\n${firstPosition}\n${lastPosition}\n${recordedAt}\n${body}`);
}

/** Hash of a command's payload, stored with its idempotency key. */
export function payloadHash(payload: unknown): string {
  return createHash('sha256').update(canonicalJson(payload)).digest('hex');
}
