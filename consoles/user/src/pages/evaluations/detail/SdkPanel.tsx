import { useState } from 'react';
import type { ApiError } from '../../../api/client';
import { createApiKey, listApiKeys, revokeApiKey } from '../../../api/evaluation-access';
import { useLoad } from '../../../api/useLoad';
import { useToasts } from '../../../ui/Toasts';
import type { TApiKey, TCreatedApiKey } from '../types';
import '../evaluations.css';

async function copy(text: string, toasts: ReturnType<typeof useToasts>, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toasts.success(`${what} copied to clipboard`);
  } catch {
    toasts.error(`Could not copy the ${what.toLowerCase()}; select it and copy it by hand.`);
  }
}

/** The SDK Integration box: the project ID and Copy for everyone; API keys for the owner. */
export function SdkPanel({
  evaluationId,
  projectId,
  owner,
  onKeysChange,
}: {
  evaluationId: string;
  projectId: string;
  owner: boolean;
  onKeysChange(): void;
}) {
  const toasts = useToasts();
  const {
    data: keys,
    error: loadError,
    setData: setKeys,
  } = useLoad((signal) => (owner ? listApiKeys(evaluationId, signal) : undefined), [evaluationId, owner], {
    failure: (failure) => failure.message,
  });
  const [name, setName] = useState('default');
  const [created, setCreated] = useState<TCreatedApiKey>();
  const [busy, setBusy] = useState(false);

  async function create() {
    setBusy(true);
    try {
      const key = await createApiKey(evaluationId, name.trim() || 'default');
      setCreated(key);
      const { api_key: _secret, project_id: _project, ...listed } = key;
      setKeys((current) => [listed, ...(current ?? [])]);
      onKeysChange();
    } catch (error) {
      toasts.error(`Failed to create API key: ${(error as ApiError).message}`);
    } finally {
      setBusy(false);
    }
  }

  async function revoke(key: TApiKey) {
    if (!window.confirm(`Revoke the API key "${key.name}"? Apps using it will stop sending items.`)) return;
    try {
      await revokeApiKey(evaluationId, key.key_id);
      setKeys((current) =>
        current?.map((item) =>
          item.key_id === key.key_id ? { ...item, revoked_at: new Date().toISOString() } : item,
        ),
      );
      if (created?.key_id === key.key_id) setCreated(undefined);
      toasts.success('API key revoked');
    } catch (error) {
      toasts.error(`Failed to revoke API key: ${(error as ApiError).message}`);
    }
  }

  return (
    <section className="panel" aria-labelledby="sdk-title">
      <h2 id="sdk-title">SDK Integration</h2>
      <p className="muted">Send items to this evaluation from your app with this project ID.</p>
      <div className="row nowrap">
        <code className="code-box" aria-label="Project ID">
          {projectId}
        </code>
        <button type="button" className="button" onClick={() => void copy(projectId, toasts, 'Project ID')}>
          Copy
        </button>
      </div>
      {owner && (
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
                <button
                  type="button"
                  className="button"
                  onClick={() => void copy(created.api_key, toasts, 'API key')}
                >
                  Copy
                </button>
              </div>
              <button type="button" className="button done" onClick={() => setCreated(undefined)}>
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
          {keys && keys.length > 0 && (
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
                            onClick={() => void revoke(key)}
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
          )}
        </div>
      )}
    </section>
  );
}
