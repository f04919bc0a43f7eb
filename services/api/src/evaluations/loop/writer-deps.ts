import type { DomainContext } from '../../runtime/domain-context.js';
import type { GroupAppender } from '../../events/group-appender.js';
import type { ReadBarrier } from '../../events/read-barrier.js';
import type { ClaimBooks } from './claim-books.js';
import type { LoopCache } from './loop-cache.js';

/** What the loop's writer works with: the runtime's parts and the loop's services. */
export interface LoopWriterDeps extends Pick<
  DomainContext,
  'sql' | 'store' | 'ledger' | 'domain' | 'wallet' | 'logger'
> {
  books: ClaimBooks;
  cache: LoopCache;
  barrier: ReadBarrier;
  appender: GroupAppender;
  leaseMs: number;
  /**
   * Resolves once the domain read model holds every loop write so far: this process's (the read
   * barrier) and those of the writers before it (up to the log's head when it took over).
   */
  settle(): Promise<void>;
}

/** Later reads of this process wait for both read models to include `position`. */
export function wroteUpTo(deps: Pick<LoopWriterDeps, 'barrier'>, position: number): void {
  deps.barrier.walletWrote(position);
  deps.barrier.domainWrote(position);
}

/** Notes a ledger commit that carried the loop's own events: both read models must see it. */
export function wrote(
  deps: Pick<LoopWriterDeps, 'barrier'>,
  result: { events: ReadonlyArray<{ global_position: number }> },
): void {
  const last = result.events[result.events.length - 1]?.global_position;
  if (last) wroteUpTo(deps, last);
}
