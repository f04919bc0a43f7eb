import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SqlExecutor } from '@evalmarket/db';

/** How long a download link works. */
export const EXPORT_LINK_TTL_MS = 15 * 60 * 1000;
const KEY_NAME = 'export_link_key';

export interface ExportTicket {
  /** user id */
  u: string;
  /** spending | earnings */
  k: 'spending' | 'earnings';
  /** csv | pdf */
  f: 'csv' | 'pdf';
  /** period */
  p: string;
  /** report: report | invoices (spending), statement | tax_summary (earnings) */
  r: 'report' | 'invoices' | 'statement' | 'tax_summary';
  /** expiry, epoch ms */
  e: number;
}

/** The HMAC key, generated once per deployment and kept in server_secrets. */
async function linkKey(sql: SqlExecutor): Promise<Buffer> {
  await sql.query('INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    KEY_NAME,
    randomBytes(32),
  ]);
  const { rows } = await sql.query<{ value: Uint8Array }>(
    'SELECT value FROM server_secrets WHERE name = $1',
    [KEY_NAME],
  );
  return Buffer.from(rows[0]!.value);
}

/** A token naming what to build and for whom, signed so it needs no bearer token (opened in a new tab). */
export async function signExportTicket(sql: SqlExecutor, ticket: ExportTicket): Promise<string> {
  const body = Buffer.from(JSON.stringify(ticket)).toString('base64url');
  const signature = createHmac('sha256', await linkKey(sql))
    .update(body)
    .digest('base64url');
  return `${body}.${signature}`;
}

export type TicketCheck = { ok: true; ticket: ExportTicket } | { ok: false; reason: 'invalid' | 'expired' };

export async function verifyExportTicket(sql: SqlExecutor, token: string, now: Date): Promise<TicketCheck> {
  const [body, signature] = token.split('.');
  if (!body || !signature) return { ok: false, reason: 'invalid' };
  const expected = createHmac('sha256', await linkKey(sql))
    .update(body)
    .digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'invalid' };
  let ticket: ExportTicket;
  try {
    ticket = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as ExportTicket;
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (typeof ticket.e !== 'number' || ticket.e <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, ticket };
}
