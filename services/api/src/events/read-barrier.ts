import type { FastifyRequest } from 'fastify';
import type { DomainContext } from '../runtime/domain-context.js';

/**
 * Read-your-writes for writes that reply without waiting for the projections (the evaluation
 * loop's claims and votes): they note the positions they committed here, and every other request
 * of this process first waits until the domain and wallet read models include them. When the
 * projections are caught up (the usual case) this costs two comparisons.
 */
/** How far the read models must go to include the writes noted (log positions). */
export interface WrittenPositions {
  domain: number;
  wallet: number;
}

export class ReadBarrier {
  private domainPosition = 0;
  private walletPosition = 0;

  constructor(private readonly context: Pick<DomainContext, 'domain' | 'wallet'>) {}

  domainWrote(position: number): void {
    if (position > this.domainPosition) this.domainPosition = position;
  }

  walletWrote(position: number): void {
    if (position > this.walletPosition) this.walletPosition = position;
  }

  /** The positions noted so far (the loop's writer tells its callers in other processes). */
  get written(): WrittenPositions {
    return { domain: this.domainPosition, wallet: this.walletPosition };
  }

  /** Notes what the loop's writer in another process committed for this process's requests. */
  wroteElsewhere(written: WrittenPositions): void {
    this.domainWrote(written.domain);
    this.walletWrote(written.wallet);
  }

  /**
   * Whether a read would have to wait. A stopped projection (`stuck`) is not waited for here:
   * requests that need it are told by their own `waitFor`, the others keep working.
   */
  get behind(): boolean {
    const { domain, wallet } = this.context;
    return (
      (!domain.stuck && domain.position < this.domainPosition) ||
      (!wallet.stuck && wallet.position < this.walletPosition)
    );
  }

  /** Resolves once both read models include every write noted so far (a stuck one aside). */
  async settle(): Promise<void> {
    const { domain, wallet } = this.context;
    const domainTarget = this.domainPosition;
    const walletTarget = this.walletPosition;
    if (!domain.stuck && domain.position < domainTarget) await domain.waitFor(domainTarget);
    if (!wallet.stuck && wallet.position < walletTarget) await wallet.waitFor(walletTarget);
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false` lets a route skip the read barrier (the loop's claim and vote answer from memory). */
    readBarrier?: boolean;
  }
}

/** Every request of the app waits at the barrier first, unless its route opts out. */
export function registerReadBarrier(
  app: { addHook: (name: 'onRequest', hook: (request: FastifyRequest) => Promise<void>) => unknown },
  barrier: ReadBarrier,
): void {
  app.addHook('onRequest', async (request) => {
    if (!barrier.behind || request.routeOptions.config?.readBarrier === false) return;
    await barrier.settle();
  });
}
