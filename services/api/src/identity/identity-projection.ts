import {
  DEFAULT_PREFERENCES,
  ZIdentityEventData,
  type TEmailChangePersonal,
  type TProfilePersonal,
  type TRegisteredPersonal,
} from '@evalmarket/contracts';
import { handlerOfRuns, type DomainEventHandlers } from '@evalmarket/projector';
import { openPersonalData, openPersonalDataOfMany } from './personal-data.js';

/** Keeps the users read model from the user-{id} streams (staff actions: admin/user-admin-projection). */
export const identityProjection: DomainEventHandlers = {
  UserRegistered: handlerOfRuns(async (tx, events) => {
    const registered = events.map((event) => ({
      event,
      data: ZIdentityEventData.UserRegistered.parse(event.data),
    }));
    // One read of the keys for a run of sign-ups (a rebuild replays thousands in a row).
    const personal = await openPersonalDataOfMany<TRegisteredPersonal>(
      tx,
      registered.map(({ data }) => ({ userId: data.user_id, data: data.personal })),
    );
    // An erased person (key deleted) is not projected at all.
    const rows = registered.flatMap(({ event, data }, index) => {
      const opened = personal[index];
      return opened ? [{ id: data.user_id, email: opened.email, event }] : [];
    });
    if (rows.length === 0) return;
    // In log order: of two sign-ups of one id, the first stays, as one insert after another.
    await tx.query(
      `INSERT INTO users (id, email, preferences, created_at, updated_at, updated_position)
       SELECT u.id, u.email, $3::jsonb, u.at, u.at, u.position
         FROM unnest($1::text[], $2::text[], $4::timestamptz[], $5::bigint[]) WITH ORDINALITY AS u(id, email, at, position, n)
        ORDER BY u.n
       ON CONFLICT (id) DO NOTHING`,
      [
        rows.map((row) => row.id),
        rows.map((row) => row.email),
        JSON.stringify(DEFAULT_PREFERENCES),
        rows.map((row) => row.event.recorded_at),
        rows.map((row) => row.event.global_position),
      ],
    );
  }),
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
