export {
  startLedgerWriter,
  LEDGER_WRITER_LEASE_KEY,
  STEPPED_DOWN_MESSAGE,
  type LedgerWriter,
  type Companions,
  type LedgerPacking,
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
export {
  createLedgerClient,
  serveLedgerCommands,
  LEDGER_SUBMIT_COMMAND,
  type CommandRequester,
  type CommandServer,
  type LedgerClient,
  type LedgerClientOptions,
} from './ledger-client.js';
