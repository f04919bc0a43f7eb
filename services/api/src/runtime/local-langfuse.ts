import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startLangfuseFake, type LangfuseFake } from '@evalmarket/langfuse-double';
import type { FastifyBaseLogger } from 'fastify';

/*
 * The embedded default's own Langfuse (outside production only): the loopback double of
 * @evalmarket/langfuse-double with a small project of traces, so the project picker, summary,
 * trace sync and score push can be tried without a Langfuse account. Its origin joins the
 * outbound allow-list (nothing else on loopback does). Keys and port are kept in DATA_DIR, so a
 * connection saved before a restart still reaches it.
 */

const STATE_FILE = 'langfuse-double.json';
export const LOCAL_LANGFUSE_PROJECT = { id: 'proj-local-shop', name: 'Local shop assistant' };

/** The local project's traces: questions to a shop assistant and its answers. */
export const LOCAL_LANGFUSE_TRACES = [
  ['Where is my order #1042?', 'It left our warehouse yesterday; tracking: DHL 00340434.'],
  ['Can I return shoes I wore once?', 'Yes, within 30 days, as long as they are clean.'],
  ['Do you have this jacket in XL?', 'Sorry, I cannot check stock.'],
  ['How much is shipping to Austria?', 'Shipping to Austria is free above 50 EUR, else 4.90 EUR.'],
] as const;

interface StoredState {
  port: number;
  publicKey: string;
  secretKey: string;
}

async function readState(file: string): Promise<StoredState | undefined> {
  try {
    const state = JSON.parse(await readFile(file, 'utf8')) as Partial<StoredState>;
    if (
      typeof state.port === 'number' &&
      typeof state.publicKey === 'string' &&
      typeof state.secretKey === 'string'
    )
      return state as StoredState;
  } catch {
    // First start, or an unreadable file: new keys.
  }
  return undefined;
}

export async function startLocalLangfuse(dataDir: string, logger: FastifyBaseLogger): Promise<LangfuseFake> {
  const file = path.join(dataDir, STATE_FILE);
  const stored = await readState(file);
  const double = await startLangfuseFake({
    publicKey: stored?.publicKey ?? `pk-lf-local-${randomBytes(8).toString('hex')}`,
    secretKey: stored?.secretKey ?? `sk-lf-local-${randomBytes(16).toString('hex')}`,
    project: LOCAL_LANGFUSE_PROJECT,
    port: stored?.port ?? 0,
  });
  const state: StoredState = {
    port: Number(new URL(double.url).port),
    publicKey: double.publicKey,
    secretKey: double.secretKey,
  };
  // Before the database opens: on a first start the data directory may not exist yet.
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, JSON.stringify(state), { mode: 0o600 });
  const start = Date.parse('2026-01-05T09:00:00.000Z');
  double.addTraces(
    LOCAL_LANGFUSE_TRACES.map(([input, output], index) => ({
      id: `local-trace-${index + 1}`,
      name: 'shop-assistant',
      input,
      output,
      timestamp: new Date(start + index * 60_000).toISOString(),
    })),
  );
  logger.info(
    { langfuse_host: double.url, public_key: double.publicKey },
    'local Langfuse double for the embedded default (its keys are in DATA_DIR/langfuse-double.json)',
  );
  return double;
}
