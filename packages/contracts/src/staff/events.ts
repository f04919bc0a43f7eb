import { z } from 'zod';

/** One event of the raw log with its payload, postings, hash and causation (GET /admin/events). */
export const ZStaffEvent = z.object({
  id: z.number().int(),
  global_position: z.number().int(),
  event_id: z.string(),
  stream_id: z.string(),
  stream_version: z.number().int(),
  type: z.string(),
  schema_version: z.number().int(),
  recorded_at: z.string().nullable(),
  actor: z.string().nullable(),
  causation_id: z.string().nullable(),
  correlation_id: z.string().nullable(),
  request_id: z.string().nullable(),
  payload: z.unknown(),
  postings: z.array(z.unknown()),
  metadata: z.unknown(),
  hash: z.string(),
  prev_hash: z.string(),
});
export type TStaffEvent = z.infer<typeof ZStaffEvent>;

/** GET /admin/events/{id}: the event's global position. */
export const ZStaffEventParams = z.object({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
