/** The smoke runner's `k6` module: check, group, sleep, fail (the parts the scripts use). */
import { recorder } from './recorder.js';

export function check<T>(
  value: T,
  sets: Record<string, (value: T) => boolean>,
  tags: Record<string, string> = {},
): boolean {
  let all = true;
  for (const [name, predicate] of Object.entries(sets)) {
    const passed = Boolean(predicate(value));
    recorder.check(name, passed, tags);
    all &&= passed;
  }
  return all;
}

export function group<T>(name: string, body: () => T): T {
  return recorder.group(name, body);
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/** Blocks like k6's sleep: the script's next line runs after `seconds`. */
export function sleep(seconds: number): void {
  Atomics.wait(pause, 0, 0, Math.max(0, seconds * 1000));
}

export function fail(message?: string): never {
  throw new Error(message ?? 'fail()');
}

export default { check, group, sleep, fail };
