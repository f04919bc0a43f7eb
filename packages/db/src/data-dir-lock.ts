import { open, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';

/** Thrown when another live process already has the embedded database open. */
export class DataDirInUseError extends Error {
  constructor(
    readonly directory: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${directory} is open in another process (pid ${pid}). ` +
        'PGlite allows one process per data directory: stop that process first, or point DATA_DIR elsewhere.',
    );
    this.name = 'DataDirInUseError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes `{directory}/owner.pid`, exclusively. A file left by a process that died is taken over.
 * PGlite itself does not lock its directory, and two processes writing it corrupt it.
 */
export async function lockDataDir(directory: string): Promise<() => Promise<void>> {
  const file = path.join(directory, 'owner.pid');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return async () => {
        await unlink(file).catch(() => undefined);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number((await readFile(file, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DataDirInUseError(directory, pid);
      }
      await unlink(file).catch(() => undefined);
    }
  }
  throw new Error(`Could not lock ${directory}`);
}
