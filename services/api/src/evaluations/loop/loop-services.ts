import type { CommandTransport } from '@evalmarket/eventbus';
import type { DomainContext } from '../../runtime/domain-context.js';
import { GroupAppender } from '../../events/group-appender.js';
import type { ReadBarrier } from '../../events/read-barrier.js';
import { ClaimBooks } from './claim-books.js';
import { loadClaimBook } from './claim-book.js';
import { createLoopWriter } from './in-process-writer.js';
import { LoopCache, type LoopInvalidations } from './loop-cache.js';
import type { LoopWriter } from './loop-writer.js';
import { routedLoopWriter, serveLoopCommands } from './loop-transport.js';

/**
 * The evaluation loop's services of one runtime, built once by the composition root: the claim
 * books, the loop cache (fed by the domain projection's invalidations), the group appender, and
 * the writer, which alone decides claims, votes, skips and expiry on them. The books are used
 * only while this process holds the active ledger writer; `writer` sends the commands to the
 * active one elsewhere otherwise (loop-transport.ts).
 */
export interface LoopServices {
  books: ClaimBooks;
  cache: LoopCache;
  appender: GroupAppender;
  writer: LoopWriter;
  /**
   * Called when this process becomes the active writer: the books are rebuilt from the log, and
   * the loop's commands are served to the other processes until the returned function is called.
   */
  becomeActive(): () => void;
}

export function createLoopServices(
  parts: Pick<DomainContext, 'sql' | 'store' | 'ledger' | 'domain' | 'wallet' | 'logger' | 'config'> & {
    barrier: ReadBarrier;
    invalidations: LoopInvalidations;
    /** Commands between processes (NATS); none in a single-process deployment. */
    commands: CommandTransport | undefined;
  },
): LoopServices {
  const { sql, store, domain, barrier } = parts;
  // The log's head when this process last became the writer: what its predecessors wrote is
  // below it, so the read models this writer decides from must include it.
  let handover: Promise<number> = Promise.resolve(0);
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
  const local = createLoopWriter({
    ...parts,
    books,
    cache,
    barrier,
    appender,
    leaseMs: parts.config.claimLeaseSeconds * 1000,
    settle: async () => {
      await barrier.settle();
      const position = await handover.catch(() => (handover = store.headPosition()));
      if (!domain.stuck && domain.position < position) await domain.waitFor(position);
    },
  });
  const isActive = () => parts.ledger.local !== undefined;
  const writer = routedLoopWriter({
    local,
    isActive,
    transport: parts.commands,
    deadlineMs: parts.config.ledgerCommandDeadlineMs,
    barrier,
  });
  const becomeActive = () => {
    // Another process may have been the writer since these books were loaded.
    books.clear();
    handover = store.headPosition();
    const stopServing = parts.commands
      ? serveLoopCommands(parts.commands, { writer: local, barrier, isActive })
      : undefined;
    return () => {
      stopServing?.();
      // Standing by, this process's books go stale: the next active writer builds its own.
      books.clear();
    };
  };
  return { books, cache, appender, writer, becomeActive };
}
