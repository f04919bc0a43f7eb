import {
  WALLET_TRANSACTIONS_PAGE_SIZE,
  type TUserAccountKind,
  type TWalletTransaction,
} from '@evalmarket/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { usePagedLoad } from '../../api/usePagedLoad';
import { listTransactions } from '../../api/wallet';
import { formatDate } from '../../format';
import { transactionView } from './transaction-view';

type Filter = 'all' | TUserAccountKind;

const STATUS_BADGE: Record<string, string> = {
  completed: 'badge-green',
  pending: 'badge-yellow',
  failed: 'badge-red',
};

const TRANSACTIONS_FAILED = 'Error loading transactions';

function transactionsQuery(filter: Filter, before: string | null) {
  return {
    limit: WALLET_TRANSACTIONS_PAGE_SIZE,
    ...(filter !== 'all' ? { context: filter } : {}),
    ...(before ? { before } : {}),
  };
}

/**
 * The transaction list, a page at a time: a new filter (or `refreshKey`, or Retry) starts again
 * from the newest and drops a Load More in flight; Load More appends the next page.
 */
function useTransactions(filter: Filter, refreshKey: number) {
  const list = usePagedLoad(
    (before, signal) => listTransactions(transactionsQuery(filter, before), signal),
    (shown, next) => ({ rows: [...shown.rows, ...next.rows], nextBefore: next.nextBefore }),
    [filter, refreshKey],
    { failure: () => TRANSACTIONS_FAILED },
  );
  return { ...list, rows: list.page?.rows, cursor: list.page?.nextBefore };
}

export function Transactions({ refreshKey }: { refreshKey: number }) {
  const [filter, setFilter] = useState<Filter>('all');
  const { rows, cursor, loading, error, retry, loadMore } = useTransactions(filter, refreshKey);
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
          <button type="button" className="button button-small" onClick={retry}>
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
          onClick={() => loadMore(cursor)}
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
