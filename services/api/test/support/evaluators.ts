import { evaluatorStreamId, type TQualificationTier } from '@evalmarket/contracts';
import { recordEvents } from '../../src/events/record-events.js';
import { sealPersonalData } from '../../src/identity/personal-data.js';
import type { Runtime } from '../../src/runtime/start-runtime.js';

/**
 * Makes a signed-in person an evaluator through the same events the onboarding routes record:
 * pending after applying, then verified at a tier unless `status` says otherwise.
 */
export async function makeEvaluator(
  runtime: Runtime,
  userId: string,
  options: { status?: 'pending' | 'verified' | 'rejected'; tier?: TQualificationTier } = {},
): Promise<void> {
  const context = runtime.context;
  const application_data = await sealPersonalData(runtime.sql, userId, {
    indeed_url: 'https://www.indeed.com/r/test',
  });
  const stream = evaluatorStreamId(userId);
  await recordEvents(context, stream, [
    { type: 'EvaluatorApplied', data: { user_id: userId, application_method: 'indeed', application_data } },
  ]);
  const status = options.status ?? 'verified';
  if (status === 'verified') {
    await recordEvents(context, stream, [
      {
        type: 'EvaluatorVerified',
        data: { user_id: userId, qualification_tier: options.tier ?? 'community', reviewed_by: 'test-admin' },
      },
    ]);
  } else if (status === 'rejected') {
    await recordEvents(context, stream, [
      {
        type: 'EvaluatorRejected',
        data: { user_id: userId, rejection_reason: 'Not enough experience shown', reviewed_by: 'test-admin' },
      },
    ]);
  }
}
