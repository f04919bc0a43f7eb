import type { TEvaluationItem } from '@evalmarket/contracts';

/** Short text of an item's JSON for the table (the full value is in the export). */
function preview(value: unknown): string {
  if (value === null || value === undefined) return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}

/** The loaded items, one row each: input, output, source, votes, verdict and comments. */
export function ItemVotesTable({ items }: { items: TEvaluationItem[] }) {
  return (
    <div className="table-scroll">
      <table className="items-table">
        <thead>
          <tr>
            <th>Input</th>
            <th>Output</th>
            <th>Source</th>
            <th>Votes (good / bad)</th>
            <th>Verdict</th>
            <th>Comments</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.item_id}>
              <td>{preview(item.input)}</td>
              <td>{preview(item.output)}</td>
              <td>{item.source}</td>
              <td>
                {item.good_count} / {item.bad_count}
              </td>
              <td>{item.verdict ?? 'open'}</td>
              <td>
                {item.comments.length === 0
                  ? '—'
                  : item.comments.map((comment) => (
                      <p key={comment.voted_at + comment.comment} className="item-comment">
                        <span className={comment.vote === 'good' ? 'status-ok' : 'status-bad'}>
                          {comment.vote}
                        </span>
                        : {comment.comment}
                      </p>
                    ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
