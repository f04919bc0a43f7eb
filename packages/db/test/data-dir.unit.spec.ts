import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir, splitStatements } from '../src/index.js';

describe('lockDataDir', () => {
  let directory: string;
  afterEach(async () => rm(directory, { recursive: true, force: true }));

  it('lets one process hold a data directory and refuses another live one', async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'lock-'));
    const unlock = await lockDataDir(directory);
    expect(await readFile(path.join(directory, 'owner.pid'), 'utf8')).toBe(String(process.pid));
    // A live process that is not us: our parent.
    await writeFile(path.join(directory, 'owner.pid'), String(process.ppid));
    await expect(lockDataDir(directory)).rejects.toBeInstanceOf(DataDirInUseError);
    await unlock();
  });

  it('takes over a lock left by a process that died', async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'lock-'));
    const dead = spawnSync(process.execPath, [
      '-e',
      'process.stdout.write(String(process.pid))',
    ]).stdout.toString();
    await writeFile(path.join(directory, 'owner.pid'), dead);
    const unlock = await lockDataDir(directory);
    expect(await readFile(path.join(directory, 'owner.pid'), 'utf8')).toBe(String(process.pid));
    await unlock();
  });
});

describe('splitStatements', () => {
  it('splits on semicolons at line ends and drops comments', () => {
    expect(splitStatements('-- note\nCREATE TABLE a (x int);\n\nCREATE INDEX b ON a (x);\n')).toEqual([
      'CREATE TABLE a (x int)',
      'CREATE INDEX b ON a (x)',
    ]);
  });

  it('keeps a dollar-quoted function body whole', () => {
    const body = '$$\nBEGIN\n  -- why\n  RETURN NULL;\nEND;\n$$';
    expect(
      splitStatements(`CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS ${body};\nSELECT 1;\n`),
    ).toEqual([`CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS ${body}`, 'SELECT 1']);
  });
});
