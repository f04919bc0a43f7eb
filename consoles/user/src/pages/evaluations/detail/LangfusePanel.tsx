import { MESSAGES } from '@evalmarket/contracts';
import { useEffect, useState } from 'react';
import type { ApiError } from '../../../api/client';
import {
  getLangfuseConnection,
  removeLangfuseConnection,
  saveLangfuseConnection,
  testLangfuseConnection,
} from '../../../api/evaluation-access';
import { useToasts } from '../../../ui/Toasts';
import type { TLangfuseConnection } from '../types';
import '../evaluations.css';

const DEFAULT_HOST = 'https://cloud.langfuse.com';

interface Project {
  id: string;
  name: string;
}

/** Spec 000 "Observability integration panel" (owner view). */
export function LangfusePanel({ evaluationId, onChange }: { evaluationId: string; onChange(): void }) {
  const toasts = useToasts();
  const [connection, setConnection] = useState<TLangfuseConnection | null>();
  const [editing, setEditing] = useState(false);
  const [showDetails, setShowDetails] = useState(true);
  const [publicKey, setPublicKey] = useState('');
  const [secretKey, setSecretKey] = useState('');
  const [showSecret, setShowSecret] = useState(false);
  const [host, setHost] = useState(DEFAULT_HOST);
  const [projects, setProjects] = useState<Project[]>();
  const [projectId, setProjectId] = useState('');
  const [busy, setBusy] = useState<'test' | 'save' | 'delete'>();

  useEffect(() => {
    const controller = new AbortController();
    getLangfuseConnection(evaluationId, controller.signal)
      .then(setConnection)
      .catch((error: ApiError) => {
        if (controller.signal.aborted) return;
        if (error.status === 404) setConnection(null);
        else {
          setConnection(null);
          toasts.error('Failed to load connection settings');
        }
      });
    return () => controller.abort();
  }, [evaluationId, toasts]);

  function startEdit() {
    if (connection) {
      setPublicKey(connection.langfuse_public_key);
      setHost(connection.langfuse_host);
      setProjectId(connection.langfuse_project_id);
    }
    setSecretKey('');
    setProjects(undefined);
    setEditing(true);
  }

  async function test() {
    if (!publicKey.trim() || !secretKey.trim() || !host.trim()) {
      toasts.error(MESSAGES.langfuseFieldsRequired);
      return;
    }
    setBusy('test');
    try {
      const reply = await testLangfuseConnection(evaluationId, {
        langfuse_public_key: publicKey.trim(),
        langfuse_secret_key: secretKey.trim(),
        langfuse_host: host.trim(),
      });
      setProjects(reply.projects);
      if (reply.projects.length === 1) setProjectId(reply.projects[0]!.id);
      toasts.success('Connection successful! Select a project below.');
    } catch (error) {
      setProjects(undefined);
      toasts.error((error as ApiError).message || MESSAGES.connectionTestFailed);
    } finally {
      setBusy(undefined);
    }
  }

  async function save() {
    const project = projects?.find((candidate) => candidate.id === projectId);
    if (!project) {
      toasts.error(MESSAGES.langfuseProjectRequired);
      return;
    }
    setBusy('save');
    try {
      const body = {
        langfuse_public_key: publicKey.trim(),
        langfuse_secret_key: secretKey.trim(),
        langfuse_host: host.trim(),
        langfuse_project_id: project.id,
        langfuse_project_name: project.name,
      };
      const saved = await saveLangfuseConnection(evaluationId, body, Boolean(connection));
      setConnection(saved);
      setEditing(false);
      setSecretKey('');
      setProjects(undefined);
      toasts.success('Langfuse connection saved successfully!');
      onChange();
    } catch (error) {
      toasts.error(`Failed to save connection: ${(error as ApiError).message}`);
    } finally {
      setBusy(undefined);
    }
  }

  async function remove() {
    if (
      !window.confirm('Are you sure you want to disconnect from Langfuse? This will remove the integration.')
    )
      return;
    setBusy('delete');
    try {
      await removeLangfuseConnection(evaluationId);
      setConnection(null);
      setEditing(false);
      setPublicKey('');
      setSecretKey('');
      setHost(DEFAULT_HOST);
      toasts.success('Langfuse connection removed successfully');
      onChange();
    } catch (error) {
      toasts.error(`Failed to delete connection: ${(error as ApiError).message}`);
    } finally {
      setBusy(undefined);
    }
  }

  return (
    <section className="panel" aria-labelledby="langfuse-title">
      <h2 id="langfuse-title">Langfuse Integration</h2>
      {connection === undefined && (
        <div aria-label="Loading Langfuse settings">
          <div className="skeleton" />
          <div className="skeleton wide" />
        </div>
      )}
      {connection && !editing && (
        <ConnectionSummary
          connection={connection}
          showDetails={showDetails}
          onToggleDetails={() => setShowDetails((shown) => !shown)}
          onEdit={startEdit}
          onRemove={() => void remove()}
          removing={busy === 'delete'}
        />
      )}
      {(connection === null || editing) && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
          noValidate
        >
          <p className="muted">
            Connect this evaluation to your Langfuse project to pull traces for human review.
          </p>
          <div className="field-grid">
            <div>
              <label htmlFor="lf-public">Public key</label>
              <input
                id="lf-public"
                value={publicKey}
                autoComplete="off"
                placeholder="pk-lf-..."
                onChange={(event) => setPublicKey(event.target.value)}
              />
            </div>
            <div>
              <label htmlFor="lf-secret">Secret key</label>
              <div className="row nowrap">
                <input
                  id="lf-secret"
                  type={showSecret ? 'text' : 'password'}
                  value={secretKey}
                  autoComplete="off"
                  placeholder="sk-lf-..."
                  onChange={(event) => setSecretKey(event.target.value)}
                />
                <button
                  type="button"
                  className="button"
                  aria-pressed={showSecret}
                  onClick={() => setShowSecret((shown) => !shown)}
                >
                  {showSecret ? 'Hide' : 'Show'}
                </button>
              </div>
            </div>
          </div>
          <label htmlFor="lf-host">Host</label>
          <input id="lf-host" type="url" value={host} onChange={(event) => setHost(event.target.value)} />
          <div className="row form-actions">
            <button type="button" className="button" onClick={() => void test()} disabled={busy === 'test'}>
              {busy === 'test' ? 'Testing...' : 'Test Connection'}
            </button>
            {editing && (
              <button type="button" className="button" onClick={() => setEditing(false)}>
                Cancel
              </button>
            )}
          </div>
          {projects && (
            <>
              <label htmlFor="lf-project">Langfuse project</label>
              <select
                id="lf-project"
                value={projectId}
                onChange={(event) => setProjectId(event.target.value)}
              >
                <option value="">Select a project</option>
                {projects.map((project) => (
                  <option key={project.id} value={project.id}>
                    {project.name}
                  </option>
                ))}
              </select>
              <div className="row form-actions">
                <button type="submit" className="button button-primary" disabled={busy === 'save'}>
                  {busy === 'save' ? 'Saving...' : 'Save Connection'}
                </button>
              </div>
            </>
          )}
        </form>
      )}
    </section>
  );
}

/** The saved connection: its status, its details (which the owner may hide) and its actions. */
function ConnectionSummary({
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
