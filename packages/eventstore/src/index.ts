export * from './port.js';
export {
  createPostgresEventStore,
  validateUnit,
  type PostgresEventStoreOptions,
} from './postgres-event-store.js';
export { canonicalJson } from './canonical-json.js';
export { eventHash, payloadHash, GENESIS_HASH } from './hash-chain.js';
