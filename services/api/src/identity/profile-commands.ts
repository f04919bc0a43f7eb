import {
  EXPERT_ROLE_REQUIRED,
  userStreamId,
  type TEventMetadata,
  type TProfile,
  type TProfileUpdate,
} from '@evalmarket/contracts';
import { recordEvents } from '../events/record-events.js';
import { ForbiddenError, NotFoundError } from '../http/errors.js';
import type { DomainContext } from '../runtime/domain-context.js';
import { sealPersonalData } from './personal-data.js';
import { readProfile } from './profiles.js';

/** Profile edits and context switches, as events on the person's stream. */
export function createProfiles(context: DomainContext) {
  async function current(userId: string): Promise<TProfile> {
    const profile = await readProfile(context.sql, userId);
    if (!profile) throw new NotFoundError('Profile not found');
    return profile;
  }

  return {
    async update(userId: string, update: TProfileUpdate, metadata: TEventMetadata): Promise<TProfile> {
      const before = await current(userId);
      const preferences = {
        spending_context: update.preferences?.spending_context ?? before.preferences.spending_context,
        earning_context: update.preferences?.earning_context ?? before.preferences.earning_context,
      };
      const personal = await sealPersonalData(context.sql, userId, {
        first_name: update.first_name,
        last_name: update.last_name,
      });
      await recordEvents(
        context,
        userStreamId(userId),
        [{ type: 'ProfileUpdated', data: { user_id: userId, personal, preferences } }],
        { metadata },
      );
      return current(userId);
    },

    async switchContext(
      userId: string,
      target: 'spending' | 'earning',
      metadata: TEventMetadata,
    ): Promise<TProfile> {
      const before = await current(userId);
      if (before.active_context === target) return before;
      if (target === 'earning' && !before.available_roles.includes('expert')) {
        throw new ForbiddenError(EXPERT_ROLE_REQUIRED, 'expert_role_required');
      }
      await recordEvents(
        context,
        userStreamId(userId),
        [{ type: 'ContextSwitched', data: { user_id: userId, context: target } }],
        { metadata },
      );
      return current(userId);
    },
  };
}
