import type { LedgerState } from '@evalmarket/ledger';
import type { LedgerClient } from '@evalmarket/ledger-writer';
import { AppError } from '../http/errors.js';

/**
 * What the domains submit money commands through (to the active writer, here or in another
 * process), plus the writer's in-memory books where this process holds it (tests and checks;
 * the domains read `local` when present and the read models otherwise, which every process can
 * answer).
 */
export interface LedgerGateway extends LedgerClient {
  /** The active writer's books; 503 `ledger_unavailable` in a process that does not hold it. */
  readonly state: LedgerState;
}

export function ledgerGateway(client: LedgerClient): LedgerGateway {
  return {
    submit: (command, metadata, companions) => client.submit(command, metadata, companions),
    submitMany: (commands, metadata) => client.submitMany(commands, metadata),
    get local() {
      return client.local;
    },
    get queueLength() {
      return client.queueLength;
    },
    get state() {
      const local = client.local;
      if (!local) {
        throw new AppError(503, 'ledger_unavailable', 'The ledger writer is in another process; try again.', {
          headers: { 'retry-after': '1' },
        });
      }
      return local.state;
    },
  };
}
