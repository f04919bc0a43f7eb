import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, URL-safe: magic links, refresh tokens. Only their hash is ever stored. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
