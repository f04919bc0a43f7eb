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
export { canonicalJson } from './canonical-json.js';
export { eventHash, payloadHash, GENESIS_HASH } from './hash-chain.js';
