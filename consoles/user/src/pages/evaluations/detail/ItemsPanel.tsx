import { MAX_UPLOAD_BATCH_ITEMS } from '@evalmarket/contracts';
import { useState } from 'react';
import type { ApiError } from '../../../api/client';
import { uploadItems } from '../../../api/evaluations';
import { ItemsTable } from './ItemsTable';
import { LaunchCostPreview } from './LaunchCostPreview';
import { MAX_ITEM_FILE_BYTES, parseItemFile, type RowProblem, type UploadRow } from './parse-item-file';

/** The row of the file a 422 names: `loc` is ['body', 'items', index, ...] within the batch. */
function rowOf(detail: unknown, batch: UploadRow[]): { at: number; message: string } | undefined {
  if (!Array.isArray(detail)) return undefined;
  const issue = detail[0] as { loc?: unknown[]; msg?: string } | undefined;
  const at = issue?.loc?.[2];
  if (typeof at !== 'number' || !batch[at]) return undefined;
  const field = issue?.loc?.[3];
  return { at, message: `${typeof field === 'string' ? `${field} ` : ''}${issue?.msg ?? 'was refused'}` };
}

interface Progress {
  sent: number;
  total: number;
  added: number;
  duplicates: number;
  done: boolean;
}

/** Sends the rows in batches; a row the server refuses is set aside and the rest of its batch resent. */
async function uploadRows(
  evaluationId: string,
  rows: UploadRow[],
  onProgress: (progress: Progress, problems: RowProblem[]) => void,
): Promise<void> {
  const problems: RowProblem[] = [];
  const progress: Progress = { sent: 0, total: rows.length, added: 0, duplicates: 0, done: false };
  for (let start = 0; start < rows.length; start += MAX_UPLOAD_BATCH_ITEMS) {
    let batch = rows.slice(start, start + MAX_UPLOAD_BATCH_ITEMS);
    const size = batch.length;
    while (batch.length > 0) {
      try {
        const reply = await uploadItems(
          evaluationId,
          batch.map((row) => row.item),
        );
        progress.added += reply.accepted;
        progress.duplicates += reply.duplicates;
        break;
      } catch (error) {
        const failure = error as ApiError;
        const refused = failure.status === 422 ? rowOf(failure.detail, batch) : undefined;
        if (!refused) throw failure;
        problems.push({ row: batch[refused.at]!.row, message: refused.message });
        batch = batch.filter((_, at) => at !== refused.at);
      }
    }
    progress.sent += size;
    onProgress({ ...progress }, [...problems]);
  }
  onProgress({ ...progress, done: true }, [...problems]);
}

/** Owner only: the evaluation's items (manual, uploaded, SDK, Langfuse), the upload and the cost preview. */
export function ItemsPanel({ evaluationId, reloadKey }: { evaluationId: string; reloadKey: number }) {
  const [total, setTotal] = useState(0);
  const [loadKey, setLoadKey] = useState(0);
  const [progress, setProgress] = useState<Progress>();
  const [problems, setProblems] = useState<RowProblem[]>([]);
  const [uploadError, setUploadError] = useState<string>();

  async function upload(file: File) {
    setUploadError(undefined);
    setProblems([]);
    setProgress(undefined);
    if (file.size > MAX_ITEM_FILE_BYTES) {
      return setUploadError(`The file is larger than ${MAX_ITEM_FILE_BYTES / 1024 / 1024} MB; split it.`);
    }
    const parsed = parseItemFile(file.name, await file.text());
    setProblems(parsed.problems);
    if (parsed.rows.length === 0) return setUploadError('No row of this file can be added.');
    setProgress({ sent: 0, total: parsed.rows.length, added: 0, duplicates: 0, done: false });
    try {
      await uploadRows(evaluationId, parsed.rows, (next, refused) => {
        setProgress(next);
        setProblems([...parsed.problems, ...refused].sort((a, b) => a.row - b.row));
      });
    } catch (error) {
      setUploadError((error as ApiError).message);
    }
    setLoadKey((key) => key + 1);
  }

  return (
    <section className="panel items-panel" aria-labelledby="items-title">
      <h2 id="items-title">Items</h2>
      <p className="muted">
        Items come through manual entry on the create page, a CSV or JSONL upload here, the SDK or Langfuse.
        CSV: a header row with <code>input</code> and/or <code>output</code>, optional <code>id</code> and{' '}
        <code>metadata.&lt;name&gt;</code> columns. JSONL: one <code>{'{"input": ..., "output": ...}'}</code>{' '}
        object a line.
      </p>
      <label className="button" htmlFor="items-file">
        Upload CSV or JSONL
      </label>
      <input
        id="items-file"
        className="visually-hidden"
        type="file"
        accept=".csv,.jsonl,.ndjson,text/csv"
        aria-label="Upload items file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void upload(file);
        }}
      />
      {progress && (
        <div className="upload-progress" role="status">
          <progress max={progress.total} value={progress.sent} aria-label="Upload progress" />
          <span>
            {progress.done ? 'Upload finished: ' : `Uploading ${progress.sent} of ${progress.total} rows: `}
            {progress.added} added, {progress.duplicates} already there
            {problems.length > 0 ? `, ${problems.length} refused` : ''}
          </span>
        </div>
      )}
      {uploadError && (
        <p className="form-error" role="alert">
          {uploadError}
        </p>
      )}
      {problems.length > 0 && (
        <ul className="row-problems" aria-label="Rows not added">
          {problems.slice(0, 50).map((problem) => (
            <li key={`${problem.row}-${problem.message}`}>
              {problem.row === 0 ? 'Header' : `Row ${problem.row}`}: {problem.message}
            </li>
          ))}
          {problems.length > 50 && <li>... and {problems.length - 50} more</li>}
        </ul>
      )}

      <LaunchCostPreview evaluationId={evaluationId} items={total} reloadKey={reloadKey + loadKey} />

      <ItemsTable evaluationId={evaluationId} reloadKey={reloadKey + loadKey} onTotal={setTotal} />
    </section>
  );
}
