import { z } from 'zod';

/** Streams are `{category}-{id}`: lower-case category, then an id of safe characters. */
const STREAM_ID_PATTERN = /^[a-z][a-z0-9_]*-[A-Za-z0-9][A-Za-z0-9_.:-]*$/;

export const ZStreamId = z
  .string()
  .min(3)
  .max(200)
  .regex(STREAM_ID_PATTERN, 'stream ids look like "category-id"');

/** ZStreamId as a plain check, for the event store's append path (no parse result allocated). */
export function isStreamId(value: unknown): value is string {
  return (
    typeof value === 'string' && value.length >= 3 && value.length <= 200 && STREAM_ID_PATTERN.test(value)
  );
}

export const ZEventMetadata = z
  .object({
    causation_id: z.string().max(128).optional(),
    correlation_id: z.string().max(128).optional(),
    actor: z.string().max(128).optional(),
    idempotency_key: z.string().max(200).optional(),
    request_id: z.string().max(128).optional(),
  })
  .catchall(z.unknown());
export type TEventMetadata = z.infer<typeof ZEventMetadata>;

/**
 * Payload fields that name a person. The staff event log's `party` filter matches an event whose
 * payload has the person in one of them, and the packed journal writes each batch's people from
 * them (migration 025), so both read the same list.
 */
export const PERSON_PAYLOAD_FIELDS = [
  'user_id',
  'requester_id',
  'evaluator_id',
  'creator_id',
  'owner_id',
  'actor_id',
  'granted_by',
  'revoked_by',
  'disabled_by',
  'enabled_by',
  'reviewed_by',
  'created_by',
] as const;
export type TPersonPayloadField = (typeof PERSON_PAYLOAD_FIELDS)[number];

/** The metadata's actor is `user:{id}` for a signed-in person (see the API's record-events). */
export const ACTOR_PREFIX = 'user:';

/** An event as read back from the store. */
export interface TStoredEvent<TData = unknown> {
  event_id: string;
  global_position: number;
  stream_id: string;
  stream_version: number;
  type: string;
  schema_version: number;
  data: TData;
  metadata: TEventMetadata;
  recorded_at: string;
  prev_hash: string;
  hash: string;
}
