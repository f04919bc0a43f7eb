export type {
  Row,
  QueryResult,
  SqlClient,
  SqlExecutor,
  TransactionExecutor,
  TransactionOptions,
  Lease,
} from './sql-client.js';
export { sqlLiteral, planningPerCall } from './sql-client.js';
export { textArrayLiteral } from './array-literal.js';
export { createPgClient, type PgClientOptions } from './pg-client.js';
export { createPgliteClient, type PgliteClientOptions } from './pglite-client.js';
export { connectDatabase, type ConnectOptions } from './connect.js';
export {
  migrate,
  migrationStatus,
  splitStatements,
  MIGRATIONS_DIR,
  HISTORY_TABLE,
  SchemaTooNewError,
  MigrationChangedError,
  type MigrationFile,
  type MigrationStatus,
} from './migrate.js';
export { lockDataDir, DataDirInUseError } from './data-dir-lock.js';
export { runWhileLeased, type LeasedWork, type RunWhileLeasedOptions } from './run-while-leased.js';
