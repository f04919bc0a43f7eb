import { MAX_TITLE_CHARS, MESSAGES, type TEvaluation } from '@evalmarket/contracts';
import { useState } from 'react';
import type { ApiError } from '../../../api/client';
import { updateEvaluation } from '../../../api/evaluations';
import { useToasts } from '../../../ui/Toasts';

/** What a person must fix before the edit is sent (the server checks the same rules). */
export function editProblem(title: string): string | undefined {
  if (!title.trim()) return MESSAGES.titleRequired;
  if (title.trim().length > MAX_TITLE_CHARS) return MESSAGES.titleTooLong;
  return undefined;
}

/**
 * Owner only: title, description and visibility, sent as PATCH with the fields that changed. A 409
 * (changed meanwhile) reloads the evaluation so the form starts from what is stored.
 */
export function EditDetailsForm({
  evaluation,
  onSaved,
  onStale,
  onClose,
}: {
  evaluation: TEvaluation;
  onSaved: (updated: TEvaluation) => void;
  onStale: () => void;
  onClose: () => void;
}) {
  const toasts = useToasts();
  const [title, setTitle] = useState(evaluation.title);
  const [description, setDescription] = useState(evaluation.description ?? '');
  const [isPublic, setIsPublic] = useState(evaluation.is_public);
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  async function save() {
    const problem = editProblem(title);
    if (problem) return setError(problem);
    setError(undefined);
    const changes = {
      ...(title.trim() !== evaluation.title ? { title: title.trim() } : {}),
      ...((description.trim() || null) !== evaluation.description
        ? { description: description.trim() || null }
        : {}),
      ...(isPublic !== evaluation.is_public ? { is_public: isPublic } : {}),
    };
    if (Object.keys(changes).length === 0) return onClose();
    setSaving(true);
    try {
      const updated = await updateEvaluation(evaluation.id, changes);
      onSaved(updated);
      toasts.success('Evaluation details saved.');
      onClose();
    } catch (failure) {
      const apiError = failure as ApiError;
      setError(apiError.message || 'Failed to save the evaluation');
      if (apiError.status === 409) onStale();
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      className="panel edit-details"
      aria-label="Edit details"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <label htmlFor="edit-title">Title</label>
      <input id="edit-title" value={title} onChange={(event) => setTitle(event.target.value)} />
      <label htmlFor="edit-description">Description</label>
      <textarea
        id="edit-description"
        rows={3}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
      />
      <label className="check">
        <input type="checkbox" checked={isPublic} onChange={(event) => setIsPublic(event.target.checked)} />
        Public (listed on the home page once it is not a draft)
      </label>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="row form-actions">
        <button type="submit" className="button button-primary" disabled={saving}>
          {saving ? 'Saving...' : 'Save details'}
        </button>
        <button type="button" className="button" onClick={onClose} disabled={saving}>
          Cancel
        </button>
      </div>
    </form>
  );
}
