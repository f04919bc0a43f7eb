import type { LangfuseDraft, LangfuseProject } from './useLangfuseConnection';

/** The connect/edit form: keys and host, Test Connection, then the project to save. */
export function LangfuseForm({
  draft,
  editing,
  busy,
  onTest,
  onSave,
  onCancel,
}: {
  draft: LangfuseDraft;
  editing: boolean;
  busy: 'test' | 'save' | 'delete' | undefined;
  onTest: () => void;
  onSave: () => void;
  onCancel: () => void;
}) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
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
            value={draft.publicKey}
            autoComplete="off"
            placeholder="pk-lf-..."
            onChange={(event) => draft.setPublicKey(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor="lf-secret">Secret key</label>
          <div className="row nowrap">
            <input
              id="lf-secret"
              type={draft.showSecret ? 'text' : 'password'}
              value={draft.secretKey}
              autoComplete="off"
              placeholder="sk-lf-..."
              onChange={(event) => draft.setSecretKey(event.target.value)}
            />
            <button
              type="button"
              className="button"
              aria-pressed={draft.showSecret}
              onClick={draft.toggleSecret}
            >
              {draft.showSecret ? 'Hide' : 'Show'}
            </button>
          </div>
        </div>
      </div>
      <label htmlFor="lf-host">Host</label>
      <input
        id="lf-host"
        type="url"
        value={draft.host}
        onChange={(event) => draft.setHost(event.target.value)}
      />
      <div className="row form-actions">
        <button type="button" className="button" onClick={onTest} disabled={busy === 'test'}>
          {busy === 'test' ? 'Testing...' : 'Test Connection'}
        </button>
        {editing && (
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
      {draft.projects && <ProjectChoice draft={draft} projects={draft.projects} saving={busy === 'save'} />}
    </form>
  );
}

/** After a successful test: the project to connect, and Save. */
function ProjectChoice({
  draft,
  projects,
  saving,
}: {
  draft: LangfuseDraft;
  projects: LangfuseProject[];
  saving: boolean;
}) {
  return (
    <>
      <label htmlFor="lf-project">Langfuse project</label>
      <select
        id="lf-project"
        value={draft.projectId}
        onChange={(event) => draft.setProjectId(event.target.value)}
      >
        <option value="">Select a project</option>
        {projects.map((project) => (
          <option key={project.id} value={project.id}>
            {project.name}
          </option>
        ))}
      </select>
      <div className="row form-actions">
        <button type="submit" className="button button-primary" disabled={saving}>
          {saving ? 'Saving...' : 'Save Connection'}
        </button>
      </div>
    </>
  );
}
