import {
  WALLET_TRANSACTIONS_PAGE_SIZE,
  type TUserAccountKind,
  type TWalletTransaction,
} from '@evalmarket/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { listTransactions } from '../../api/wallet';
import { formatDate } from '../../format';
import { transactionView } from './transaction-view';

type Filter = 'all' | TUserAccountKind;

const STATUS_BADGE: Record<string, string> = {
  completed: 'badge-green',
  pending: 'badge-yellow',
  failed: 'badge-red',
};

/**
 * The transaction list, a page at a time: a new filter (or `refreshKey`) starts again from the
 * newest, Load More appends the next page; a reply overtaken by a newer request is dropped.
 */
function useTransactions(filter: Filter, refreshKey: number) {
  const [rows, setRows] = useState<TWalletTransaction[]>();
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string>();
  const request = useRef(0);

  const load = useCallback(async (nextFilter: Filter, before: string | null) => {
    const id = ++request.current;
    setLoading(true);
    setError(undefined);
    const query = {
      limit: WALLET_TRANSACTIONS_PAGE_SIZE,
      ...(nextFilter !== 'all' ? { context: nextFilter } : {}),
      ...(before ? { before } : {}),
    };
    try {
      const { rows: data, nextBefore } = await listTransactions(query);
      if (id !== request.current) return;
      setRows((current) => (before ? [...(current ?? []), ...data] : data));
      setCursor(nextBefore);
    } catch {
      if (id === request.current) setError('Error loading transactions');
    } finally {
      if (id === request.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    // Not useLoad: Load More appends pages and shares the error and its Retry with the first page.
    void load(filter, null);
  }, [filter, load, refreshKey]);

  return { rows, cursor, loading, error, load };
}

export function Transactions({ refreshKey }: { refreshKey: number }) {
  const [filter, setFilter] = useState<Filter>('all');
  const { rows, cursor, loading, error, load } = useTransactions(filter, refreshKey);
  return (
    <section className="panel transactions" aria-labelledby="transactions-title">
      <div className="transactions-head">
        <h2 id="transactions-title">Recent Transactions</h2>
        <label className="inline-label">
          <span className="visually-hidden">Filter transactions</span>
          <select value={filter} onChange={(event) => setFilter(event.target.value as Filter)}>
            <option value="all">All Transactions</option>
            <option value="spending">Spending Only</option>
            <option value="earning">Earning Only</option>
          </select>
        </label>
      </div>
      {error && (
        <div className="form-error" role="alert">
          {error}{' '}
          <button type="button" className="button button-small" onClick={() => void load(filter, null)}>
            Retry
          </button>
        </div>
      )}
      {!rows && loading && <p className="page-loading">Loading...</p>}
      {rows && rows.length === 0 && <p className="empty">No transactions yet.</p>}
      {rows && rows.length > 0 && <TransactionsTable rows={rows} />}
      {rows && cursor && (
        <button
          type="button"
          className="button load-more"
          disabled={loading}
          onClick={() => void load(filter, cursor)}
        >
          {loading ? 'Loading...' : 'Load More'}
        </button>
      )}
    </section>
  );
}

function TransactionsTable({ rows }: { rows: TWalletTransaction[] }) {
  return (
    <div className="table-scroll">
      <table>
        <thead>
          <tr>
            <th scope="col">Description</th>
            <th scope="col">Amount</th>
            <th scope="col">Status</th>
            <th scope="col">Date</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const view = transactionView(row);
            return (
              <tr key={row.id}>
                <td>
                  <span className="tx-description">{view.title}</span>
                  {row.evaluation && (
                    <Link className="tx-evaluation" to={`/evaluations/${row.evaluation.id}`}>
                      {row.evaluation.title}
                    </Link>
                  )}
                  {view.detail && <span className="tx-detail">{view.detail}</span>}
                  <span className="tx-context">{row.context === 'earning' ? 'Earning' : 'Spending'}</span>
                </td>
                <td className={view.amountClass}>{view.amount}</td>
                <td>
                  <span className={`badge ${STATUS_BADGE[row.status] ?? 'badge-grey'}`}>{row.status}</span>
                </td>
                <td>
                  <time dateTime={row.created_at}>{formatDate(row.created_at)}</time>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
