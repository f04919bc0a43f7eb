export {
  startLedgerWriter,
  LEDGER_WRITER_LEASE_KEY,
  type LedgerWriter,
  type Companions,
  type LedgerResult,
  type LedgerSubmission,
  type LedgerWriterOptions,
} from './ledger-writer.js';
