import type { TPayoutHistoryItem } from '@evalmarket/contracts';
import { listPayouts } from '../../api/evaluator';
import { useLoad } from '../../api/useLoad';
import { creditsToUsd, formatDateTime } from '../../format';

const STATUS_BADGE: Record<TPayoutHistoryItem['status'], string> = {
  paid: 'badge-green',
  pending: 'badge-yellow',
  failed: 'badge-red',
  reversed: 'badge-red',
};

/**
 * The evaluator's cash-outs, newest first, as staff see them: amount, status, the Stripe transfer,
 * why one failed and which earlier one a retry repeats. `version` reloads it after a cash-out.
 */
export function PayoutHistory({ version }: { version: number }) {
  const { data: items, error } = useLoad(() => listPayouts(), [version], {
    failure: () => 'Failed to load the payout history',
  });

  return (
    <section className="panel payout-history" aria-labelledby="payout-history-title">
      <h2 id="payout-history-title">Payout history</h2>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {!items && !error && <p className="page-loading">Loading...</p>}
      {items?.length === 0 && <p className="empty">No payouts yet.</p>}
      {items && items.length > 0 && (
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">Requested</th>
                <th scope="col">You receive</th>
                <th scope="col">Status</th>
                <th scope="col">Stripe transfer and details</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.cashout_id}>
                  <td>{formatDateTime(item.requested_at)}</td>
                  <td>
                    {creditsToUsd(item.net_credits)}
                    <span className="tx-context">
                      {creditsToUsd(item.gross_credits)} less {creditsToUsd(item.fee_credits)} fee
                    </span>
                  </td>
                  <td>
                    <span className={`badge ${STATUS_BADGE[item.status]}`}>{item.status}</span>
                  </td>
                  <td className="payout-details">
                    <span className="payout-transfer">{item.stripe_transfer_id ?? 'No transfer'}</span>
                    {item.failure_reason && <span className="payout-failure">{item.failure_reason}</span>}
                    {item.retry_of && <span className="tx-context">Retry of an earlier cash-out</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
