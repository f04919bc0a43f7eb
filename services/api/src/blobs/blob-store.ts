import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live. Keys are slash-separated paths of safe characters chosen by the
 * server, never by the client. The local-directory adapter is the default; an S3-compatible
 * adapter can implement the same port.
 */
export interface BlobStore {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Undefined when there is no blob under the key. */
  get(key: string): Promise<{ bytes: Buffer; contentType: string } | undefined>;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9_.-]*(\/[A-Za-z0-9][A-Za-z0-9_.-]*)*$/;

export class InvalidBlobKeyError extends Error {
  override name = 'InvalidBlobKeyError';
}

function checkKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new InvalidBlobKeyError(`invalid blob key ${key}`);
}

/** Blobs as files under one directory; the content type is kept in a `.type` file beside each. */
export function createLocalBlobStore(directory: string): BlobStore {
  const file = (key: string) => path.join(directory, ...key.split('/'));
  return {
    async put(key, bytes, contentType) {
      checkKey(key);
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const temporary = `${target}.${process.pid}.tmp`;
      await writeFile(temporary, bytes);
      await writeFile(`${target}.type`, contentType, 'utf8');
      await rename(temporary, target);
    },
    async get(key) {
      checkKey(key);
      try {
        const [bytes, contentType] = await Promise.all([
          readFile(file(key)),
          readFile(`${file(key)}.type`, 'utf8'),
        ]);
        return { bytes, contentType };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
  };
}
