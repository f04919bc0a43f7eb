import type { DomainContext } from '../../runtime/domain-context.js';
import { GroupAppender } from '../../events/group-appender.js';
import type { ReadBarrier } from '../../events/read-barrier.js';
import { ClaimBooks } from './claim-books.js';
import { loadClaimBook } from './claim-book.js';
import { createLoopWriter } from './in-process-writer.js';
import { LoopCache, type LoopInvalidations } from './loop-cache.js';
import type { LoopWriter } from './loop-writer.js';

/**
 * The evaluation loop's services of one runtime, built once by the composition root: the claim
 * books, the loop cache (fed by the domain projection's invalidations), the group appender, and
 * the writer, which alone decides claims, votes, skips and expiry on them.
 */
export interface LoopServices {
  books: ClaimBooks;
  cache: LoopCache;
  appender: GroupAppender;
  writer: LoopWriter;
}

export function createLoopServices(
  parts: Pick<DomainContext, 'sql' | 'store' | 'ledger' | 'domain' | 'wallet' | 'logger' | 'config'> & {
    barrier: ReadBarrier;
    invalidations: LoopInvalidations;
  },
): LoopServices {
  const { sql, store, domain, barrier } = parts;
  const cache = new LoopCache(sql, domain, parts.invalidations);
  // Group-committed loop events reply before the domain projection has them: reads wait for it.
  const appender = new GroupAppender(store, (position) => barrier.domainWrote(position));
  const books = new ClaimBooks(async (evaluationId, limits, nowMs) => {
    // The read models must hold every claim, vote and skip committed so far, or the book would
    // hand out slots that are taken.
    await barrier.settle();
    await domain.waitFor(await store.headPosition());
    return loadClaimBook(sql, evaluationId, limits, nowMs);
  });
  // A configuration change drops the book; the cached evaluation goes with it.
  books.onForget((evaluationId) => cache.forgetEvaluation(evaluationId));
  const writer = createLoopWriter({
    ...parts,
    books,
    cache,
    barrier,
    appender,
    leaseMs: parts.config.claimLeaseSeconds * 1000,
  });
  return { books, cache, appender, writer };
}
