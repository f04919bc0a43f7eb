export * from './port.js';
export type {
  JournalAppend,
  JournalEvent,
  JournalUnit,
  LogHead,
  PackedJournal,
  PreparedCommit,
} from './packed-journal.js';
export {
  createPostgresEventStore,
  type PostgresEventStore,
  type PostgresEventStoreOptions,
  type PostgresSubscribeOptions,
} from './postgres/postgres-event-store.js';
export { validateUnit } from './postgres/validate-unit.js';
/** The log's head in one statement (a sampler reads it with other rows in one snapshot). */
export { HEAD_QUERY } from './postgres/event-rows.js';
export { canonicalJson } from './canonical-json.js';
export { eventHash, payloadHash, GENESIS_HASH } from './hash-chain.js';
/** The staff event log's filters whose values each packed batch's names hold (migration 032). */
export { NAME_KINDS, type NameKind } from './postgres/batch-names.js';
