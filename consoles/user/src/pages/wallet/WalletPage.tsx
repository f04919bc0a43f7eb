import {
  WALLET_TRANSACTIONS_PAGE_SIZE,
  type TProfile,
  type TUserAccountKind,
  type TWalletReply,
  type TWalletTransaction,
} from '@evalmarket/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { switchContext } from '../../api/account';
import { getBalance, getWallet, listTransactions } from '../../api/wallet';
import { useAuth } from '../../auth/AuthProvider';
import { creditsToUsd, formatCredits, formatDate } from '../../format';
import { AutoRechargePanel } from './AutoRechargePanel';
import { PurchaseModal } from './PurchaseModal';
import { transactionView } from './transaction-view';
import './wallet.css';

type Filter = 'all' | TUserAccountKind;

const STATUS_BADGE: Record<string, string> = {
  completed: 'badge-green',
  pending: 'badge-yellow',
  failed: 'badge-red',
};

/** The wallet context rule: earning only when active_context equals 'earning'. */
export function initialContext(profile: TProfile | undefined): TUserAccountKind {
  return profile?.active_context === 'earning' ? 'earning' : 'spending';
}

/** Wallet Dashboard (spec 001 sections 2.3 and 4). */
export function WalletPage() {
  const { profile, setProfile } = useAuth();
  const [context, setContext] = useState<TUserAccountKind>(() => initialContext(profile));
  const [switching, setSwitching] = useState(false);
  const [switchError, setSwitchError] = useState<string>();
  const [wallet, setWallet] = useState<TWalletReply>();
  const [walletError, setWalletError] = useState<string>();
  const [zeroBalance, setZeroBalance] = useState(false);
  const [bonusDismissed, setBonusDismissed] = useState(false);
  const [purchasing, setPurchasing] = useState(false);
  const [refreshKey, setRefreshKey] = useState(0);

  const loadWallet = useCallback(async () => {
    setWalletError(undefined);
    try {
      setWallet(await getWallet());
      setRefreshKey((key) => key + 1);
    } catch {
      setWalletError('Error loading wallet');
    }
    try {
      const balance = await getBalance();
      setZeroBalance(balance.credits_balance === 0);
    } catch (error) {
      console.warn('Balance check for the bonus banner failed', error);
    }
  }, []);

  useEffect(() => {
    void loadWallet();
  }, [loadWallet]);

  const roles = profile?.available_roles ?? [];
  const showTabs = roles.length > 1;

  async function switchTo(next: TUserAccountKind) {
    if (next === context || switching) return;
    setSwitching(true);
    setSwitchError(undefined);
    try {
      const updated = await switchContext(next);
      setProfile(updated);
      setContext(next);
      await loadWallet();
    } catch (error) {
      setSwitchError(`Error switching context: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setSwitching(false);
    }
  }

  return (
    <section className="page wallet-page">
      <div className="page-head">
        <h1>Wallet</h1>
        {showTabs && (
          <div className="context-tabs" role="tablist" aria-label="Wallet context">
            {(['spending', 'earning'] as const).map((tab) => (
              <button
                key={tab}
                type="button"
                role="tab"
                aria-selected={context === tab}
                className={`context-tab ${context === tab ? 'context-tab-active' : ''}`}
                disabled={switching}
                onClick={() => void switchTo(tab)}
              >
                {tab === 'spending' ? 'Spending' : 'Earning'}
              </button>
            ))}
          </div>
        )}
      </div>
      {switchError && (
        <p className="form-error" role="alert">
          {switchError}
        </p>
      )}
      {walletError && (
        <div className="banner banner-red" role="alert">
          <strong>{walletError}</strong>{' '}
          <button type="button" className="button" onClick={() => void loadWallet()}>
            Retry
          </button>
        </div>
      )}
      {!wallet && !walletError && <p className="page-loading">Loading...</p>}
      {wallet && (
        <>
          {wallet.bonus_claimed ? (
            <div className="banner banner-green bonus-banner" role="status">
              <strong>Bonus Claimed! 5,000 Credits Added</strong>
              <p>Your first-project bonus is in your credit balance. Credits never expire.</p>
            </div>
          ) : (
            zeroBalance &&
            !bonusDismissed && (
              <div className="banner bonus-banner bonus-offer" role="region" aria-label="First project bonus">
                <button
                  type="button"
                  className="modal-close"
                  aria-label="Dismiss bonus banner"
                  onClick={() => setBonusDismissed(true)}
                >
                  ×
                </button>
                <h2>Get 5,000 Free Credits!</h2>
                <p>Start your first evaluation project and we add 5,000 credits to your wallet.</p>
                <ul>
                  <li>5,000 credits = $5.00 USD value</li>
                  <li>No expiration</li>
                  <li>No trial limitations</li>
                </ul>
                <Link to="/evaluations/new" className="button button-primary">
                  Start First Project
                </Link>
              </div>
            )
          )}
          <div className="wallet-layout">
            <div className="wallet-main">
              <div className="balance-cards">
                <article className="panel balance-card" aria-labelledby="credit-balance-title">
                  <h2 id="credit-balance-title">Credit Balance</h2>
                  <p className="balance-amount">{formatCredits(wallet.spending_balance)} credits</p>
                  <p className="balance-usd">{creditsToUsd(wallet.spending_balance)} USD</p>
                  <p className="muted">1 USD = 1,000 credits</p>
                  <button type="button" className="button button-primary" onClick={() => setPurchasing(true)}>
                    Purchase Credits
                  </button>
                </article>
                <article className="panel balance-card" aria-labelledby="earning-balance-title">
                  <h2 id="earning-balance-title">Earning Balance</h2>
                  <p className="balance-amount">{formatCredits(wallet.earning_balance)} credits</p>
                  <p className="balance-usd">{creditsToUsd(wallet.earning_balance)} USD</p>
                  <p className="muted">From expert reviews</p>
                  {wallet.pending_balance > 0 && (
                    <p className="muted">Pending: {formatCredits(wallet.pending_balance)} credits</p>
                  )}
                </article>
              </div>
              <Transactions refreshKey={refreshKey} />
            </div>
            <aside className="wallet-side">
              <AutoRechargePanel />
            </aside>
          </div>
        </>
      )}
      {purchasing && (
        <PurchaseModal onClose={() => setPurchasing(false)} onSuccess={() => void loadWallet()} />
      )}
    </section>
  );
}

function Transactions({ refreshKey }: { refreshKey: number }) {
  const [filter, setFilter] = useState<Filter>('all');
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
    void load(filter, null);
  }, [filter, load, refreshKey]);

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
      {rows && rows.length > 0 && (
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
                      <span className={`badge ${STATUS_BADGE[row.status] ?? 'badge-grey'}`}>
                        {row.status}
                      </span>
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
      )}
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
