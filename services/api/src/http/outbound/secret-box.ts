import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SqlClient } from '@evalmarket/db';

/**
 * AES-256-GCM for third-party secrets kept at rest (Langfuse secret keys, custom model API keys).
 * The key comes from the SECRETS_KEY setting, or is generated once and kept in server_secrets.
 * Sealed form: `v1.<iv b64url>.<tag b64url>.<ciphertext b64url>`.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

const SERVER_SECRET_NAME = 'stored_secrets_key';

export async function loadSecretBox(sql: SqlClient, configuredKey: Buffer | undefined): Promise<SecretBox> {
  const key = configuredKey ?? (await storedKey(sql));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        'v1',
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        body.toString('base64url'),
      ].join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

async function storedKey(sql: SqlClient): Promise<Buffer> {
  // Two processes starting together: the first insert wins and both read it back.
  await sql.query(`INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [
    SERVER_SECRET_NAME,
    randomBytes(32),
  ]);
  const { rows } = await sql.query<{ value: Uint8Array }>(
    `SELECT value FROM server_secrets WHERE name = $1`,
    [SERVER_SECRET_NAME],
  );
  return Buffer.from(rows[0]!.value);
}
