import { evaluatorStreamId } from '@evalmarket/contracts';
import { eventMetadata, recordEvents } from '../events/record-events.js';
import { sealPersonalData } from '../identity/personal-data.js';
import type { DomainContext } from '../runtime/domain-context.js';
import { loadEvaluator } from './evaluator-state.js';

export interface EvaluatorDemoPeople {
  /** Registered users (the identity domain creates them); each gets one application. */
  pending: string;
  verified: string;
  rejected: string;
  /** Who reviews the verified and rejected ones. */
  adminId: string;
}

/**
 * For the demo world: one pending, one verified (expert tier) and one rejected application,
 * recorded through the same events as the routes. People who already applied are left alone, so
 * seeding twice changes nothing.
 */
export async function seedEvaluatorDemo(context: DomainContext, people: EvaluatorDemoPeople): Promise<void> {
  const metadata = eventMetadata(undefined, 'system:demo-seed');
  const plan = [
    {
      userId: people.pending,
      data: { method: 'indeed', indeed_url: 'https://www.indeed.com/r/demo-pending' },
    },
    {
      userId: people.verified,
      data: { method: 'indeed', indeed_url: 'https://www.indeed.com/r/demo-verified' },
      review: { type: 'EvaluatorVerified', data: { qualification_tier: 'expert' } },
    },
    {
      userId: people.rejected,
      data: { method: 'indeed', indeed_url: 'https://www.indeed.com/r/demo-rejected' },
      review: {
        type: 'EvaluatorRejected',
        data: { rejection_reason: 'The resume does not show experience reviewing AI output yet.' },
      },
    },
  ] as const;
  for (const step of plan) {
    const state = await loadEvaluator(context.store, step.userId);
    if (state.status !== 'not_applied') continue;
    const application_data = await sealPersonalData(context.sql, step.userId, step.data);
    const events: Array<{ type: string; data: Record<string, unknown> }> = [
      {
        type: 'EvaluatorApplied',
        data: { user_id: step.userId, application_method: 'indeed', application_data },
      },
    ];
    if ('review' in step) {
      events.push({
        type: step.review.type,
        data: { user_id: step.userId, ...step.review.data, reviewed_by: people.adminId },
      });
    }
    await recordEvents(context, evaluatorStreamId(step.userId), events, { expectedVersion: 0, metadata });
  }
}
