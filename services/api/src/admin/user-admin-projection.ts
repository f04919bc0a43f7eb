import { ZUserAdminEventData } from '@evalmarket/contracts';
import type { DomainEventHandlers } from '@evalmarket/projector';

type Tx = Parameters<DomainEventHandlers[string]>[0];

async function setFlag(
  tx: Tx,
  column: 'is_admin' | 'disabled',
  userId: string,
  value: boolean,
  event: { recorded_at: string; global_position: number },
) {
  await tx.query(`UPDATE users SET ${column} = $2, updated_at = $3, updated_position = $4 WHERE id = $1`, [
    userId,
    value,
    event.recorded_at,
    event.global_position,
  ]);
}

/** users.is_admin and users.disabled from the staff actions on the `user-{id}` streams. */
export const userAdminProjection: DomainEventHandlers = {
  async AdminRoleGranted(tx, event) {
    const data = ZUserAdminEventData.AdminRoleGranted.parse(event.data);
    await setFlag(tx, 'is_admin', data.user_id, true, event);
  },
  async AdminRoleRevoked(tx, event) {
    const data = ZUserAdminEventData.AdminRoleRevoked.parse(event.data);
    await setFlag(tx, 'is_admin', data.user_id, false, event);
  },
  async UserDisabled(tx, event) {
    const data = ZUserAdminEventData.UserDisabled.parse(event.data);
    await setFlag(tx, 'disabled', data.user_id, true, event);
  },
  async UserEnabled(tx, event) {
    const data = ZUserAdminEventData.UserEnabled.parse(event.data);
    await setFlag(tx, 'disabled', data.user_id, false, event);
  },
};
