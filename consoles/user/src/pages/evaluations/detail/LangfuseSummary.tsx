import type { TLangfuseConnection } from '../types';

/** The saved connection: its status, its details (which the owner may hide) and its actions. */
export function ConnectionSummary({
  connection,
  showDetails,
  onToggleDetails,
  onEdit,
  onRemove,
  removing,
}: {
  connection: TLangfuseConnection;
  showDetails: boolean;
  onToggleDetails: () => void;
  onEdit: () => void;
  onRemove: () => void;
  removing: boolean;
}) {
  return (
    <>
      <div className="row">
        <span
          className={`badge ${connection.connection_status === 'connected' ? 'badge-green' : 'badge-red'}`}
        >
          {connection.connection_status}
        </span>
        <strong>{connection.langfuse_project_name}</strong>
      </div>
      {connection.last_error && <p role="alert">{connection.last_error}</p>}
      {showDetails && (
        <dl className="facts">
          <div>
            <dt>Project</dt>
            <dd>{connection.langfuse_project_name}</dd>
          </div>
          <div>
            <dt>Host</dt>
            <dd>{connection.langfuse_host}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>{connection.connection_status}</dd>
          </div>
          <div>
            <dt>Created</dt>
            <dd>{new Date(connection.created_at).toLocaleString()}</dd>
          </div>
        </dl>
      )}
      <div className="row">
        <button type="button" className="button" onClick={onEdit}>
          Edit
        </button>
        <button type="button" className="button" onClick={onToggleDetails}>
          {showDetails ? 'Hide Details' : 'Show Details'}
        </button>
        <button type="button" className="button button-danger" onClick={onRemove} disabled={removing}>
          {removing ? 'Disconnecting...' : 'Disconnect'}
        </button>
      </div>
    </>
  );
}
