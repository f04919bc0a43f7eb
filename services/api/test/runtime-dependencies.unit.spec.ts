import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const TEST_ONLY = ['@evalmarket/testkit', 'playwright-core', 'smtp-server', 'mailparser'];

interface DependencyTree {
  dependencies?: Record<string, DependencyTree>;
}

function names(tree: DependencyTree, into = new Set<string>()): Set<string> {
  for (const [name, child] of Object.entries(tree.dependencies ?? {})) {
    if (into.has(name)) continue;
    into.add(name);
    names(child, into);
  }
  return into;
}

describe("the API's production dependencies", () => {
  it('hold no test-only package (the Stripe double is its own package)', async () => {
    const { stdout } = await promisify(execFile)(
      'npm',
      ['ls', '--omit=dev', '--all', '--json', '-w', '@evalmarket/api'],
      { cwd: repositoryRoot, maxBuffer: 32 * 1024 * 1024 },
    );
    const installed = names(JSON.parse(stdout) as DependencyTree);
    expect(installed.has('@evalmarket/stripe-double')).toBe(true);
    expect(installed.has('@evalmarket/langfuse-double')).toBe(true);
    expect(installed.has('stripe')).toBe(true);
    expect(TEST_ONLY.filter((name) => installed.has(name))).toEqual([]);
  });
});
