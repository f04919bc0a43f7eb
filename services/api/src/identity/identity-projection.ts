import {
  DEFAULT_PREFERENCES,
  ZIdentityEventData,
  type TEmailChangePersonal,
  type TProfilePersonal,
  type TRegisteredPersonal,
} from '@evalmarket/contracts';
import type { DomainEventHandlers } from '@evalmarket/projector';
import { openPersonalData } from './personal-data.js';

/** Keeps the users read model from the user-{id} streams (staff actions: admin/user-admin-projection). */
export const identityProjection: DomainEventHandlers = {
  async UserRegistered(tx, event) {
    const data = ZIdentityEventData.UserRegistered.parse(event.data);
    const personal = await openPersonalData<TRegisteredPersonal>(tx, data.user_id, data.personal);
    // An erased person (key deleted) is not projected at all.
    if (!personal) return;
    await tx.query(
      `INSERT INTO users (id, email, preferences, created_at, updated_at, updated_position)
       VALUES ($1, $2, $3, $4, $4, $5) ON CONFLICT (id) DO NOTHING`,
      [data.user_id, personal.email, DEFAULT_PREFERENCES, event.recorded_at, event.global_position],
    );
  },
  async ProfileUpdated(tx, event) {
    const data = ZIdentityEventData.ProfileUpdated.parse(event.data);
    const personal = await openPersonalData<TProfilePersonal>(tx, data.user_id, data.personal);
    if (!personal) return;
    await tx.query(
      `UPDATE users SET first_name = $2, last_name = $3, preferences = $4, updated_at = $5, updated_position = $6
       WHERE id = $1`,
      [
        data.user_id,
        personal.first_name,
        personal.last_name,
        data.preferences,
        event.recorded_at,
        event.global_position,
      ],
    );
  },
  async ContextSwitched(tx, event) {
    const data = ZIdentityEventData.ContextSwitched.parse(event.data);
    await tx.query(
      'UPDATE users SET active_context = $2, updated_at = $3, updated_position = $4 WHERE id = $1',
      [data.user_id, data.context, event.recorded_at, event.global_position],
    );
  },
  async EmailChangeRequested(tx, event) {
    const data = ZIdentityEventData.EmailChangeRequested.parse(event.data);
    const personal = await openPersonalData<Pick<TEmailChangePersonal, 'new_email'>>(
      tx,
      data.user_id,
      data.personal,
    );
    if (!personal) return;
    await tx.query(
      'UPDATE users SET pending_email = $2, updated_at = $3, updated_position = $4 WHERE id = $1',
      [data.user_id, personal.new_email, event.recorded_at, event.global_position],
    );
  },
  async EmailChangeConfirmed(tx, event) {
    const data = ZIdentityEventData.EmailChangeConfirmed.parse(event.data);
    const personal = await openPersonalData<TEmailChangePersonal>(tx, data.user_id, data.personal);
    if (!personal) return;
    await tx.query(
      `UPDATE users SET email = $2, pending_email = NULL, updated_at = $3, updated_position = $4 WHERE id = $1`,
      [data.user_id, personal.new_email, event.recorded_at, event.global_position],
    );
  },
};
