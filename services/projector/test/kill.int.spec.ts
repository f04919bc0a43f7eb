import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TAccountBalance, TStoredEvent } from '@evalmarket/contracts';
import type { NewEvent } from '@evalmarket/eventstore';
import { applyPostings } from '@evalmarket/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger, formatAuditReport, walletMovements } from '../src/index.js';
import { readPostings } from '../src/read-postings.js';
import { balances, checkpoint, createHarness, transactionRows, type Harness } from './harness.js';
import {
  cashoutPaid,
  cashoutRequested,
  purchased,
  rewardReleased,
  rewardReserved,
  voteRecorded,
} from './ledger-events.js';

const projectorDir = fileURLToPath(new URL('..', import.meta.url));
const fixture = fileURLToPath(new URL('./fixtures/run-projector.ts', import.meta.url));

// PGlite cannot be shared between processes: this test needs a PostgreSQL server.
describe.skipIf(!process.env.DATABASE_URL)('a projector process killed mid-stream', () => {
  let h: Harness;
  const children = new Set<ChildProcess>();
  beforeAll(async () => {
    h = await createHarness('postgres');
  });
  afterAll(async () => {
    for (const child of children) killGroup(child, 'SIGKILL');
    await h.close();
  });

  function startProjector(): ChildProcess {
    // Its own process group, so a kill reaches npx, tsx and node together.
    const child = spawn('npx', ['tsx', fixture, h.db.url!, '20'], {
      cwd: projectorDir,
      detached: true,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.add(child);
    child.on('exit', () => children.delete(child));
    return child;
  }

  it('resumes after SIGKILL and ends with every balance and transaction row exactly once', async () => {
    const world = new World();
    await appendAll(h, world.events(4_000));
    let head = await h.store.headPosition();

    const kills: number[] = [];
    for (const fraction of [0.25, 0.6]) {
      const child = startProjector();
      // More events arrive while the projector works.
      const appending = appendAll(h, world.events(1_500));
      await waitUntil(async () => (await checkpoint(h.sql)) >= head * fraction, 60_000);
      await killAndWait(child);
      await appending;
      head = await h.store.headPosition();
      const at = await checkpoint(h.sql);
      kills.push(at);
      expect(at).toBeLessThan(head);
      // Whatever committed before the kill is whole: the read models equal a replay up to the checkpoint.
      expect(nonZero(await balances(h.sql))).toEqual(nonZero(await expectedBalances(h, at)));
    }
    expect(kills[1]).toBeGreaterThan(kills[0]!);

    const child = startProjector();
    await waitUntil(async () => (await checkpoint(h.sql)) >= head, 120_000);
    killGroup(child, 'SIGTERM');
    await exited(child);

    expect(nonZero(await balances(h.sql))).toEqual(nonZero(await expectedBalances(h, head)));
    const expected = await expectedTransactions(h, head);
    const rows = await transactionRows(h.sql);
    expect(rows).toHaveLength(expected.size);
    for (const row of rows) {
      expect(expected.get(row.id as string), row.id as string).toEqual({
        amount: row.amount,
        status: row.status,
        type: row.type,
      });
    }
    const report = await auditLedger({ sql: h.sql, store: h.store });
    expect(report.ok, formatAuditReport(report)).toBe(true);
    expect(report.checkpoint_position).toBe(head);
  }, 120_000);
});

/** A stream of valid ledger events: purchases, reservations settled by votes or releases, cash-outs. */
class World {
  private next = 0;
  private readonly open: { transfer: string; requester: string; evaluator: string }[] = [];
  private readonly earned = new Map<string, number>();

  events(count: number): NewEvent[] {
    const out: NewEvent[] = [];
    while (out.length < count) {
      const n = (this.next += 1);
      const requester = `r${n % 40}`;
      const evaluator = `e${n % 150}`;
      if (n % 97 === 0) {
        out.push(purchased(`pi-${n}`, requester, 50));
      } else if (n <= 40) {
        out.push(purchased(`pi-${n}`, requester, 500));
      } else if (this.open.length > 30 || (this.open.length > 0 && n % 2 === 0)) {
        const settle = this.open.shift()!;
        if (n % 7 === 0) {
          out.push(rewardReleased(settle.transfer, settle.requester, settle.evaluator, 200));
        } else {
          out.push(voteRecorded(settle.transfer, settle.requester, settle.evaluator, 200));
          const total = (this.earned.get(settle.evaluator) ?? 0) + 200;
          if (total >= 2_000) {
            out.push(
              cashoutRequested(`co-${n}`, settle.evaluator, 2_000),
              cashoutPaid(`co-${n}`, settle.evaluator, 2_000),
            );
            this.earned.set(settle.evaluator, total - 2_000);
          } else {
            this.earned.set(settle.evaluator, total);
          }
        }
      } else {
        const transfer = `t-${n}`;
        this.open.push({ transfer, requester, evaluator });
        out.push(rewardReserved(transfer, requester, evaluator, 200));
      }
    }
    return out;
  }
}

/** Appends in commits of 100 events, the way the group-committing writer does. */
async function appendAll(h: Harness, events: NewEvent[]): Promise<void> {
  for (let i = 0; i < events.length; i += 100) {
    await h.store.append(`ledger-kill${i}`, events.slice(i, i + 100), 'any');
  }
}

async function readUpTo(h: Harness, upTo: number): Promise<TStoredEvent[]> {
  const all: TStoredEvent[] = [];
  let after = 0;
  while (after < upTo) {
    const page = await h.store.readAll({ after, limit: 5000 });
    if (page.length === 0) break;
    all.push(...page.filter((e) => e.global_position <= upTo));
    after = page[page.length - 1]!.global_position;
  }
  return all;
}

async function expectedBalances(h: Harness, upTo: number): Promise<Map<string, TAccountBalance>> {
  const replay = new Map<string, TAccountBalance>();
  for (const event of await readUpTo(h, upTo)) applyPostings(replay, readPostings(event) ?? []);
  return replay;
}

async function expectedTransactions(h: Harness, upTo: number) {
  const rows = new Map<string, { amount: number; status: string; type: string }>();
  for (const event of await readUpTo(h, upTo)) {
    for (const movement of walletMovements(event, readPostings(event) ?? [])) {
      const earlier = rows.get(movement.id);
      rows.set(movement.id, {
        amount: earlier?.amount ?? movement.amount,
        type: earlier?.type ?? movement.type,
        status: movement.status,
      });
    }
  }
  return rows;
}

function nonZero(map: Map<string, TAccountBalance>): Record<string, TAccountBalance> {
  const out: Record<string, TAccountBalance> = {};
  for (const [id, b] of [...map].sort(([a], [c]) => (a < c ? -1 : 1))) {
    if (b.debits_pending || b.debits_posted || b.credits_pending || b.credits_posted) {
      out[id] = {
        account_id: id,
        debits_pending: Number(b.debits_pending),
        debits_posted: Number(b.debits_posted),
        credits_pending: Number(b.credits_pending),
        credits_posted: Number(b.credits_posted),
      };
    }
  }
  return out;
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function killAndWait(child: ChildProcess): Promise<void> {
  killGroup(child, 'SIGKILL');
  await exited(child);
}

async function waitUntil(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
