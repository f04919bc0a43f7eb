import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SqlExecutor } from '@evalmarket/db';
import { unstorableTextError } from '../http/storable-text.js';

/**
 * Personal data (emails, names, profile and CV links) never enters the event log in clear: it is
 * sealed with the person's own AES-256-GCM key, kept in `user_keys`. Erasing a person deletes
 * the key, after which their events still prove the books but say nothing about them.
 */
export interface SealedPersonalData {
  /** base64 of iv (12 bytes) + auth tag (16 bytes) + ciphertext of the JSON value. */
  sealed: string;
}

export class PersonalDataErasedError extends Error {
  override name = 'PersonalDataErasedError';
}

async function userKey(sql: SqlExecutor, userId: string, create: boolean): Promise<Buffer | undefined> {
  if (create) {
    await sql.query(
      'INSERT INTO user_keys (user_id, data_key) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING',
      [userId, randomBytes(32)],
    );
  }
  const { rows } = await sql.query<{ data_key: Uint8Array }>(
    'SELECT data_key FROM user_keys WHERE user_id = $1',
    [userId],
  );
  return rows[0] ? Buffer.from(rows[0].data_key) : undefined;
}

/** Seals a JSON value for one person, creating their key the first time. */
export async function sealPersonalData(
  sql: SqlExecutor,
  userId: string,
  value: unknown,
): Promise<SealedPersonalData> {
  // Sealed, the text is out of reach of the event store's own check; a NUL or lone surrogate would
  // only fail later, in the projection that opens it. Its fields are named as the request's.
  const unstorable = unstorableTextError(value, ['body']);
  if (unstorable) throw unstorable;
  const key = (await userKey(sql, userId, true))!;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return { sealed: Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64') };
}

/** Opens a sealed value; undefined when the person was erased (their key is gone). */
export async function openPersonalData<T>(
  sql: SqlExecutor,
  userId: string,
  data: SealedPersonalData,
): Promise<T | undefined> {
  const key = await userKey(sql, userId, false);
  return key ? openWithKey<T>(key, data) : undefined;
}

/**
 * Opens several people's sealed values with one read of their keys, for a projection applying a
 * run of events; each undefined where the person was erased.
 */
export async function openPersonalDataOfMany<T>(
  sql: SqlExecutor,
  sealed: ReadonlyArray<{ userId: string; data: SealedPersonalData }>,
): Promise<Array<T | undefined>> {
  const { rows } = await sql.query<{ user_id: string; data_key: Uint8Array }>(
    'SELECT user_id, data_key FROM user_keys WHERE user_id = ANY($1::text[])',
    [[...new Set(sealed.map((each) => each.userId))]],
  );
  const keys = new Map(rows.map((row) => [row.user_id, Buffer.from(row.data_key)]));
  return sealed.map(({ userId, data }) => {
    const key = keys.get(userId);
    return key ? openWithKey<T>(key, data) : undefined;
  });
}

function openWithKey<T>(key: Buffer, data: SealedPersonalData): T {
  const raw = Buffer.from(data.sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  return JSON.parse(text) as T;
}
