import { useState } from 'react';
import { LangfuseForm } from './LangfuseForm';
import { ConnectionSummary } from './LangfuseSummary';
import { useLangfuseConnection } from './useLangfuseConnection';
import '../evaluations.css';

/** Spec 000 "Observability integration panel" (owner view). */
export function LangfusePanel({ evaluationId, onChange }: { evaluationId: string; onChange(): void }) {
  const { connection, editing, setEditing, busy, draft, startEdit, test, save, remove } =
    useLangfuseConnection(evaluationId, onChange);
  const [showDetails, setShowDetails] = useState(true);

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
        <LangfuseForm
          draft={draft}
          editing={editing}
          busy={busy}
          onTest={() => void test()}
          onSave={() => void save()}
          onCancel={() => setEditing(false)}
        />
      )}
    </section>
  );
}
