import { randomUUID } from 'node:crypto';
import { userStreamId, type TEventMetadata } from '@evalmarket/contracts';
import type { DomainContext } from '../runtime/domain-context.js';
import { claimAppend, commitUnit, emailClaimStream, readEmailClaim } from './email-claims.js';
import { sealPersonalData } from './personal-data.js';
import { findUserIdByEmail } from './profiles.js';

const MAX_CLAIM_ATTEMPTS = 5;

/**
 * The account of an address, registering it on first sign-in: UserRegistered plus the address's
 * claim in one commit, then the person's ledger accounts. Concurrent first sign-ins of one
 * address end with one account.
 */
export async function findOrRegisterUser(
  context: DomainContext,
  email: string,
  metadata: TEventMetadata,
): Promise<{ userId: string; registered: boolean }> {
  const known = await findUserIdByEmail(context.sql, email);
  if (known) return { userId: known, registered: false };

  const streamId = await emailClaimStream(context.sql, email);
  for (let attempt = 0; attempt < MAX_CLAIM_ATTEMPTS; attempt += 1) {
    const claim = await readEmailClaim(context.store, streamId);
    if (claim.held_by) {
      await context.domain.waitFor(await context.store.headPosition());
      return { userId: claim.held_by, registered: false };
    }
    const userId = randomUUID();
    const personal = await sealPersonalData(context.sql, userId, { email });
    const committed = await commitUnit(context.store, {
      appends: [
        claimAppend(claim, userId, metadata),
        {
          stream_id: userStreamId(userId),
          expected_version: 'no_stream',
          events: [{ type: 'UserRegistered', data: { user_id: userId, personal }, metadata }],
        },
      ],
    });
    if (!committed.ok) continue;
    await openLedgerAccounts(context, userId, metadata);
    await context.domain.waitFor(committed.last_position);
    return { userId, registered: true };
  }
  throw new Error(`Could not register ${streamId} after ${MAX_CLAIM_ATTEMPTS} attempts`);
}

/** Spending and earning accounts exist from registration on (idempotent). */
export async function openLedgerAccounts(
  context: Pick<DomainContext, 'ledger'>,
  userId: string,
  metadata: TEventMetadata,
): Promise<void> {
  const result = await context.ledger.submit(
    { type: 'OpenUserAccounts', data: { user_id: userId } },
    metadata,
  );
  if (!result.ok) throw new Error(`Opening ledger accounts of ${userId} failed: ${result.message}`);
}
