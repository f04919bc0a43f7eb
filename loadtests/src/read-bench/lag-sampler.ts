import type { SqlClient } from '@evalmarket/db';
import { HEAD_QUERY } from '@evalmarket/eventstore';
import type { CheckpointSample } from './projection-lag.js';

/*
 * Samples the store's head and every projection's checkpoint (every row of
 * projection_checkpoints, as /readyz and the evalmarket_projection_position gauge read them) in
 * one statement, so all come from one snapshot, every `intervalMs`, until stopped.
 * projection-lag.ts turns the samples into lags.
 */

const SAMPLE = `SELECT (SELECT global_position FROM (${HEAD_QUERY}) head) AS head,
  (SELECT json_object_agg(projection, position) FROM projection_checkpoints) AS checkpoints`;

/** Whether every projection has applied the sample's head. */
const caughtUp = (sample: CheckpointSample | undefined) =>
  sample !== undefined && Object.values(sample.checkpoints).every((position) => position >= sample.head);

export interface LagSampler {
  /** Stops sampling; resolves with the samples once the sample in flight has landed. */
  stop(): Promise<CheckpointSample[]>;
  /** Samples until every projection has applied the head, or `timeoutMs` passes. */
  drain(timeoutMs: number): Promise<void>;
}

export function startLagSampler(sql: SqlClient, intervalMs: number): LagSampler {
  const samples: CheckpointSample[] = [];
  let stopped = false;
  const sampleOnce = async () => {
    const { rows } = await sql.query<{
      head: number | string | null;
      checkpoints: Record<string, number | string> | string | null;
    }>(SAMPLE);
    const at = performance.now();
    const raw = rows[0]?.checkpoints ?? {};
    const checkpoints = Object.fromEntries(
      Object.entries(typeof raw === 'string' ? (JSON.parse(raw) as Record<string, number>) : raw).map(
        ([projection, position]) => [projection, Number(position)],
      ),
    );
    samples.push({ at, head: Number(rows[0]?.head ?? 0), checkpoints });
  };
  const loop = (async () => {
    while (!stopped) {
      const started = performance.now();
      await sampleOnce();
      const wait = intervalMs - (performance.now() - started);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      return samples;
    },
    async drain(timeoutMs) {
      const deadline = performance.now() + timeoutMs;
      for (;;) {
        if (caughtUp(samples[samples.length - 1]) || performance.now() > deadline || stopped) return;
        await new Promise((resolve) => setTimeout(resolve, intervalMs));
      }
    },
  };
}
