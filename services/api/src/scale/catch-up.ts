import type { Runtime } from '../runtime/start-runtime.js';

const POLL_MS = 1_000;

/**
 * Waits until the wallet and domain projections include every event up to `head`, printing
 * where each stands (events/s, ETA) while they catch up.
 */
export async function catchUpProjections(
  runtime: Pick<Runtime, 'projector' | 'domainProjector'>,
  head: number,
  print: (line: string) => void,
): Promise<void> {
  const projectors = [runtime.projector, runtime.domainProjector];
  const startedAt = Date.now();
  const from = projectors.map((projector) => projector.position);
  for (;;) {
    const behind = projectors.filter((projector) => projector.position < head);
    if (behind.length === 0) break;
    const stuck = projectors.find((projector) => projector.stuck);
    if (stuck)
      throw new Error(`seed-scale: projection ${stuck.projection} is stuck: ${JSON.stringify(stuck.stuck)}`);
    const seconds = Math.max(0.001, (Date.now() - startedAt) / 1000);
    print(
      projectors
        .map((projector, index) => {
          const rate = (projector.position - from[index]!) / seconds;
          const eta = rate > 0 ? `${Math.ceil((head - projector.position) / rate)} s` : '?';
          return `${projector.projection} at ${projector.position.toLocaleString('en')} / ${head.toLocaleString('en')} (${rate.toFixed(0)} events/s, ETA ${eta})`;
        })
        .join('; '),
    );
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  print(
    `projections caught up with ${head.toLocaleString('en')} in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`,
  );
}
