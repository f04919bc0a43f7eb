export {
  startLedgerWriter,
  LEDGER_WRITER_LEASE_KEY,
  type LedgerWriter,
  type Companions,
  type LedgerResult,
  type LedgerSubmission,
  type LedgerWriterOptions,
} from './ledger-writer.js';
export {
  FenceSlot,
  fencedSqlClient,
  isFencedError,
  takeFencedLease,
  WRITER_FENCE_SETTING,
  type FencedLease,
} from './writer-fence.js';
export {
  startWriterRole,
  LEDGER_WRITER_LEASE_NAME,
  type WriterRole,
  type WriterRoleOptions,
} from './writer-role.js';
