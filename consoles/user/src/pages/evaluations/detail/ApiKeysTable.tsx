import type { TApiKey } from '../types';

/** The owner's keys: name, prefix, age and status, with Revoke on the active ones. */
export function ApiKeysTable({ keys, onRevoke }: { keys: TApiKey[]; onRevoke: (key: TApiKey) => void }) {
  return (
    <div className="table-scroll">
      <table>
        <thead>
          <tr>
            <th>Name</th>
            <th>Key</th>
            <th>Created</th>
            <th>Status</th>
            <th>
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.key_id}>
              <td>{key.name}</td>
              <td>
                <code>{key.key_prefix}…</code>
              </td>
              <td>{new Date(key.created_at).toLocaleDateString()}</td>
              <td>
                {key.revoked_at ? (
                  <span className="badge badge-grey">revoked</span>
                ) : (
                  <span className="badge badge-green">active</span>
                )}
              </td>
              <td>
                {!key.revoked_at && (
                  <button
                    type="button"
                    className="button button-danger"
                    aria-label={`Revoke ${key.name}`}
                    onClick={() => onRevoke(key)}
                  >
                    Revoke
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
