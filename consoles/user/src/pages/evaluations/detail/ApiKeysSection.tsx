import { ApiKeysTable } from './ApiKeysTable';
import { CopyButton } from './CopyButton';
import { useApiKeys } from './useApiKeys';

/** The owner's part of the SDK box: the new key's one showing, the create form and the key list. */
export function ApiKeysSection({
  evaluationId,
  onKeysChange,
}: {
  evaluationId: string;
  onKeysChange(): void;
}) {
  const { keys, loadError, name, setName, created, dismissCreated, busy, create, revoke } = useApiKeys(
    evaluationId,
    onKeysChange,
  );
  return (
    <div className="api-keys">
      <h3>API Keys</h3>
      {created && (
        <div className="banner banner-green" role="status">
          <p>
            <strong>Copy this key now. It will not be shown again.</strong>
          </p>
          <div className="row nowrap">
            <code className="code-box" aria-label="New API key">
              {created.api_key}
            </code>
            <CopyButton text={created.api_key} what="API key" />
          </div>
          <button type="button" className="button done" onClick={dismissCreated}>
            Done
          </button>
        </div>
      )}
      <form
        className="row"
        onSubmit={(event) => {
          event.preventDefault();
          void create();
        }}
      >
        <label htmlFor="key-name" className="visually-hidden">
          Key name
        </label>
        <input
          id="key-name"
          className="key-name"
          value={name}
          maxLength={100}
          onChange={(event) => setName(event.target.value)}
        />
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Creating...' : 'Create API Key'}
        </button>
      </form>
      {loadError && (
        <p className="form-error" role="alert">
          {loadError}
        </p>
      )}
      {!keys && !loadError && <div className="skeleton" aria-label="Loading API keys" />}
      {keys && keys.length === 0 && <p className="muted">No API keys yet.</p>}
      {keys && keys.length > 0 && <ApiKeysTable keys={keys} onRevoke={(key) => void revoke(key)} />}
    </div>
  );
}
