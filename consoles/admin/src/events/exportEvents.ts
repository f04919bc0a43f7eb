import { toCsv } from '@evalmarket/contracts';

/** Event-log exports for finance: NDJSON keeps every field; CSV flattens the nested ones to JSON. */
export interface ExportedEvent {
  global_position: number;
  event_id: string;
  stream_id: string;
  stream_version: number;
  type: string;
  recorded_at: string | null;
  actor: string | null;
  causation_id: string | null;
  correlation_id: string | null;
  payload: unknown;
  postings: unknown[];
  hash: string;
  prev_hash: string;
}

export const CSV_COLUMNS = [
  'global_position',
  'event_id',
  'stream_id',
  'stream_version',
  'type',
  'recorded_at',
  'actor',
  'causation_id',
  'correlation_id',
  'hash',
  'prev_hash',
  'payload',
  'postings',
] as const;

export function toNdjson(events: readonly ExportedEvent[]): string {
  return events.map((event) => JSON.stringify(event)).join('\n') + (events.length ? '\n' : '');
}

/** The events as CSV, through the one CSV writer of every export (formulas neutralised). */
export function eventsToCsv(events: readonly ExportedEvent[]): string {
  return toCsv(CSV_COLUMNS, events);
}

export { download } from '../common/download';
