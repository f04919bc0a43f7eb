import { readFileSync } from 'node:fs';

/**
 * The whole machine's CPU over a measured run: the API process, the load client, PostgreSQL,
 * NATS and anything else running. A rate target is a CPU budget: at R completed votes/s, C cores
 * can spend at most C / R seconds per vote, however the work is split between processes.
 */

/**
 * Cumulative busy and total time of all cores, from /proc/stat's first line (clock ticks), and
 * how many cores that line sums (its `cpuN` lines): the same source, so the two always agree.
 */
interface MachineTicks {
  busy: number;
  total: number;
  cores: number;
  at: number;
}

function readTicks(): MachineTicks | undefined {
  let lines: string[];
  try {
    lines = readFileSync('/proc/stat', 'utf8').split('\n');
  } catch {
    return undefined; // not Linux: the bench prints the per-process figures only
  }
  // cpu user nice system idle iowait irq softirq steal (guest time is already in user)
  const fields = lines[0]?.split(/\s+/).slice(1, 9).map(Number) ?? [];
  if (fields.length < 8 || fields.some((field) => !Number.isFinite(field))) return undefined;
  const total = fields.reduce((sum, ticks) => sum + ticks, 0);
  const waiting = fields[3]! + fields[4]!; // idle + iowait
  const cores = lines.filter((line) => /^cpu\d+ /.test(line)).length;
  return { busy: total - waiting, total, cores, at: performance.now() };
}

export interface MachineCpu {
  cores: number;
  /** Share of all cores' time that was busy, 0..1. */
  busyShare: number;
  /** CPU time all processes used, in microseconds. */
  cpuMicros: number;
}

/** Starts measuring; the returned function ends the measurement (undefined where unsupported). */
export function startMachineCpu(): () => MachineCpu | undefined {
  const start = readTicks();
  return () => {
    const end = readTicks();
    if (!start || !end || end.total <= start.total || end.cores === 0) return undefined;
    const { cores } = end;
    const busyShare = (end.busy - start.busy) / (end.total - start.total);
    // Ticks are shares of all cores' time; the wall clock turns them into CPU time without
    // depending on the kernel's tick rate.
    return { cores, busyShare, cpuMicros: busyShare * cores * (end.at - start.at) * 1000 };
  };
}

/** Linux's USER_HZ: /proc reports process times in these ticks (100 on every common build). */
const USER_HZ = 100;

/**
 * CPU time (user + system) a process has used so far, in microseconds, from /proc/{pid}/stat
 * (fields 14 and 15); undefined when it cannot be read (gone, or not Linux). Lets a bench count
 * the CPU of processes it did not start in its own thread, e.g. every member of a cluster.
 */
export function processCpuMicros(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count from after it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1e6) / USER_HZ : undefined;
  } catch {
    return undefined;
  }
}
