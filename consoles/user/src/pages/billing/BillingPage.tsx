import type { TProfile } from '@evalmarket/contracts';
import { useState } from 'react';
import { exportAnalytics, getEarningBilling, getSpendingBilling, listInvoices } from '../../api/analytics';
import { useLoad } from '../../api/useLoad';
import { useAuth } from '../../auth/AuthProvider';
import { formatUsd } from '../../format';
import { InvoicesTable, type Invoice } from './InvoicesTable';
import '../analytics/analytics.css';

/*
 * The billing read models live in services/api (src/billing); packages/contracts has no schema
 * for them yet, so these are the fields this screen reads, named as the API names them.
 */
interface SpendingSummary {
  total_spent: number;
  this_month: number;
  evaluations: number;
  avg_cost: number;
}
interface EarningSummary {
  total_earnings: number;
  pending: number;
  evaluations: number;
  rating: number | null;
  earnings_history: Array<{ month: string; amount: number }>;
}

type Tab = 'spending' | 'earning';

/** The default tab (spec 001 section 2.9). */
export function defaultBillingTab(profile: Pick<TProfile, 'available_roles' | 'active_context'>): Tab {
  const requester = profile.available_roles.includes('requester');
  const expert = profile.available_roles.includes('expert');
  if (requester && !expert) return 'spending';
  if (expert && !requester) return 'earning';
  return profile.active_context === 'earning' ? 'earning' : 'spending';
}

/** Billing & Usage (spec 001 section 2.9), from the API's invoices and summaries. */
export function BillingPage() {
  const { profile } = useAuth();
  const roles = profile?.available_roles ?? [];
  const [tab, setTab] = useState<Tab>(() => (profile ? defaultBillingTab(profile) : 'spending'));
  const tabs: Tab[] = [
    ...(roles.includes('requester') ? (['spending'] as const) : []),
    ...(roles.includes('expert') ? (['earning'] as const) : []),
  ];
  return (
    <section className="page billing-page">
      <h1>Billing &amp; Usage</h1>
      {tabs.length > 0 && (
        <div className="billing-tabs" role="tablist" aria-label="Billing">
          {tabs.map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              className="billing-tab"
              aria-selected={tab === name}
              onClick={() => setTab(name)}
            >
              {name === 'spending' ? 'Spending' : 'Earning'}
            </button>
          ))}
        </div>
      )}
      {tab === 'spending' ? <SpendingTab /> : <EarningTab />}
    </section>
  );
}

function Card({ title, value }: { title: string; value: string }) {
  return (
    <article className="panel stat-card" aria-label={title}>
      <h2>{title}</h2>
      <p className="stat-value">{value}</p>
    </article>
  );
}

function SpendingTab() {
  const { data: loaded, error } = useLoad<[SpendingSummary, Invoice[]]>(
    () => Promise.all([getSpendingBilling(), listInvoices()]),
    [],
    { failure: (failure) => failure.message },
  );
  const [exported, setExported] = useState<{ file_name: string; download_url: string }>();

  async function exportInvoices() {
    try {
      setExported(
        await exportAnalytics(
          'spending',
          { format: 'csv', time_filter: { period: 'all' }, report: 'invoices' },
          'exporting',
        ),
      );
    } catch (failure) {
      console.error('Export failed', failure);
    }
  }

  if (error)
    return (
      <p className="form-error" role="alert">
        {error}
      </p>
    );
  if (!loaded) return <p className="page-loading">Loading...</p>;
  const [summary, invoices] = loaded;
  return (
    <>
      <div className="stat-cards">
        <Card title="Total Spent" value={formatUsd(summary.total_spent)} />
        <Card title="This Month" value={formatUsd(summary.this_month)} />
        <Card title="Evaluations" value={String(summary.evaluations)} />
        <Card title="Avg Cost" value={formatUsd(summary.avg_cost)} />
      </div>
      <section className="panel" aria-labelledby="invoices-title">
        <div className="page-head">
          <h2 id="invoices-title">Recent Invoices</h2>
          <button type="button" className="button" onClick={() => void exportInvoices()}>
            Export
          </button>
        </div>
        {exported && (
          <p className="form-success" role="status">
            {exported.file_name}{' '}
            <a href={exported.download_url} target="_blank" rel="noreferrer">
              Download
            </a>
          </p>
        )}
        {invoices.length === 0 ? (
          <p className="empty">No invoices yet. Invoices appear here after each credit purchase.</p>
        ) : (
          <InvoicesTable invoices={invoices} />
        )}
      </section>
    </>
  );
}

function EarningTab() {
  const { data: summary, error } = useLoad<EarningSummary>(() => getEarningBilling(), [], {
    failure: (failure) => failure.message,
  });
  if (error)
    return (
      <p className="form-error" role="alert">
        {error}
      </p>
    );
  if (!summary) return <p className="page-loading">Loading...</p>;
  return (
    <>
      <div className="stat-cards">
        <Card title="Total Earnings" value={formatUsd(summary.total_earnings)} />
        <Card title="Pending" value={formatUsd(summary.pending)} />
        <Card title="Evaluations" value={String(summary.evaluations)} />
        <Card title="Rating" value={summary.rating === null ? '— / 5' : `${summary.rating.toFixed(1)} / 5`} />
      </div>
      <section className="panel" aria-labelledby="earnings-history-title">
        <div className="page-head">
          <h2 id="earnings-history-title">Earnings History</h2>
          <button type="button" className="button" onClick={() => console.log('Tax documents requested')}>
            Tax Documents
          </button>
        </div>
        {summary.earnings_history.length === 0 ? (
          <p className="empty">No earnings yet.</p>
        ) : (
          <ul className="earnings-history">
            {summary.earnings_history.map((row) => (
              <li key={row.month}>
                <span>{row.month}</span>
                <strong>{formatUsd(row.amount)}</strong>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
