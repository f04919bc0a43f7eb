import type { TEventMetadata } from '@evalmarket/contracts';
import { ledgerRejectionError } from '../ledger/ledger-rejection-error.js';
import type { DomainContext } from '../runtime/domain-context.js';

/**
 * Submits a money command and waits until the wallet and domain read models show it; a
 * rejection is thrown. Returns whether it was a duplicate (already recorded).
 */
export async function submitAndWait(
  context: DomainContext,
  command: Parameters<DomainContext['ledger']['submit']>[0],
  metadata: TEventMetadata,
): Promise<boolean> {
  const result = await context.ledger.submit(command, metadata);
  if (!result.ok) throw ledgerRejectionError(result);
  const last = result.events[result.events.length - 1];
  if (last) {
    await context.wallet.waitFor(last.global_position);
    await context.domain.waitFor(last.global_position);
  }
  return result.duplicate;
}
