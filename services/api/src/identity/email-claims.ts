import { createHmac } from 'node:crypto';
import type { TEventMetadata } from '@evalmarket/contracts';
import type { SqlExecutor } from '@evalmarket/db';
import type { CommitUnit, EventStore, StreamAppend } from '@evalmarket/eventstore';
import { serverSecret } from './server-secrets.js';

/**
 * One address, one account, under any concurrency: each address has a claim stream
 * `email-{hmac of the address}` whose last event says who holds it. Claiming appends with the
 * stream's current version as the expected version, in the same commit as the events that need
 * the address, so of two concurrent claims exactly one lands. The stream id is keyed with a
 * server secret, so the log does not reveal addresses.
 */
export const EMAIL_INDEX_SECRET = 'email_index_key';

/** The address keyed with the server's secret: names the address's streams without revealing it. */
export async function emailKey(sql: SqlExecutor, email: string): Promise<string> {
  const key = await serverSecret(sql, EMAIL_INDEX_SECRET);
  return createHmac('sha256', key).update(email.toLowerCase()).digest('hex');
}

export async function emailClaimStream(sql: SqlExecutor, email: string): Promise<string> {
  return `email-${await emailKey(sql, email)}`;
}

/** Sign-in links sent to an address (SignInLinkSent), whether or not it has an account yet. */
export async function signInStream(sql: SqlExecutor, email: string): Promise<string> {
  return `signin-${await emailKey(sql, email)}`;
}

export type EmailClaimState =
  | { held_by: string; stream_id: string; version: number }
  | { held_by: undefined; stream_id: string; version: number | 'no_stream' };

export async function readEmailClaim(store: EventStore, streamId: string): Promise<EmailClaimState> {
  const events = await store.readStream(streamId);
  const last = events[events.length - 1];
  if (!last) return { held_by: undefined, stream_id: streamId, version: 'no_stream' };
  const data = last.data as { user_id: string };
  return last.type === 'EmailClaimed'
    ? { held_by: data.user_id, stream_id: streamId, version: last.stream_version }
    : { held_by: undefined, stream_id: streamId, version: last.stream_version };
}

export function claimAppend(claim: EmailClaimState, userId: string, metadata: TEventMetadata): StreamAppend {
  return {
    stream_id: claim.stream_id,
    expected_version: claim.version,
    events: [{ type: 'EmailClaimed', data: { user_id: userId }, metadata }],
  };
}

export function releaseAppend(
  claim: EmailClaimState,
  userId: string,
  metadata: TEventMetadata,
): StreamAppend {
  return {
    stream_id: claim.stream_id,
    expected_version: claim.version,
    events: [{ type: 'EmailReleased', data: { user_id: userId }, metadata }],
  };
}

/** Commits one unit; a lost race on any stream reports 'conflict' instead of throwing. */
export async function commitUnit(
  store: EventStore,
  unit: CommitUnit,
): Promise<{ ok: true; last_position: number } | { ok: false; reason: 'conflict' }> {
  const [outcome] = await store.commit([unit]);
  if (!outcome!.ok) {
    if (outcome!.error.code === 'wrong_expected_version') return { ok: false, reason: 'conflict' };
    throw outcome!.error;
  }
  const events = outcome!.events;
  return { ok: true, last_position: events[events.length - 1]!.global_position };
}
