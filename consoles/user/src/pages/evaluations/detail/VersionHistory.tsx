import { listVersions } from '../../../api/evaluations';
import { useLoad } from '../../../api/useLoad';
import type { TEvaluationVersion } from '../types';

const EVENT_LABELS: Record<string, string> = {
  EvaluationCreated: 'Created',
  EvaluationUpdated: 'Edited',
  EvaluationStatusChanged: 'Status changed',
  EvaluationConfigured: 'Configuration saved',
};

const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** One line for what a version changed, from the `changes` the API gives. */
export function describeChanges(entry: TEvaluationVersion): string {
  const changes = entry.changes;
  if (entry.event_type === 'EvaluationStatusChanged')
    return `status ${shown(changes.previous_status)} → ${shown(changes.status)}`;
  if (entry.event_type === 'EvaluationConfigured') return 'human-evaluation configuration';
  return Object.entries(changes)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([key, value]) => `${key}: ${shown(value)}`)
    .join('; ');
}

/**
 * Owner only: GET /evaluations/{id}/versions, oldest first as the API gives it, shown newest
 * first. `version` of the evaluation is a dependency, so an edit or a status change refreshes it.
 */
export function VersionHistory({
  evaluationId,
  version,
  currentUserId,
}: {
  evaluationId: string;
  version: number;
  currentUserId?: string;
}) {
  const { data: entries, error } = useLoad(
    (signal) => listVersions(evaluationId, signal),
    [evaluationId, version],
    {
      failure: (failure) => `Failed to load version history: ${failure.message}`,
    },
  );

  const who = (actor: string | null) =>
    actor == null ? 'unknown' : currentUserId && actor === `user:${currentUserId}` ? `you (${actor})` : actor;

  return (
    <section className="panel" aria-labelledby="versions-title">
      <h2 id="versions-title">Version history</h2>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {!entries && !error && <p className="muted">Loading...</p>}
      {entries && entries.length === 0 && <p className="empty">No history yet.</p>}
      {entries && entries.length > 0 && (
        <ol className="version-list" aria-labelledby="versions-title">
          {[...entries].reverse().map((entry) => (
            <li key={entry.version}>
              <strong>Version {entry.version}</strong> · {EVENT_LABELS[entry.event_type] ?? entry.event_type}
              <div>{describeChanges(entry)}</div>
              <div className="muted">
                {new Date(entry.recorded_at).toLocaleString('en-US')} by {who(entry.actor)}
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
