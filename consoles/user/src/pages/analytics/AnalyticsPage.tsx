import type { TAnalyticsPeriod, ZExportReply } from '@evalmarket/contracts';
import { useState } from 'react';
import type { z } from 'zod';
import { exportAnalytics } from '../../api/analytics';
import { ApiError } from '../../api/client';
import { formatUsd } from '../../format';
import { AnalyticsFilters } from './AnalyticsFilters';
import type {
  EarningsAnalytics,
  EarningsSummary,
  Kind,
  SpendingAnalytics,
  SpendingSummary,
} from './analytics-types';
import { BreakdownChart, metricValue, MetricsChart, signedChange, TrendChart } from './charts';
import { useAnalyticsData } from './useAnalyticsData';
import './analytics.css';

type ExportReply = z.infer<typeof ZExportReply>;

interface ExportButton {
  label: string;
  format: 'pdf' | 'csv';
  report?: 'report' | 'invoices' | 'statement' | 'tax_summary';
}
const EXPORTS: Record<Kind, ExportButton[]> = {
  spending: [
    { label: 'Export PDF', format: 'pdf' },
    { label: 'Export CSV', format: 'csv' },
    { label: 'Generate Invoice', format: 'pdf', report: 'invoices' },
  ],
  earnings: [
    { label: 'Export Earnings Statement', format: 'pdf', report: 'statement' },
    { label: 'Export CSV', format: 'csv', report: 'statement' },
    { label: 'Download Tax Summary', format: 'pdf', report: 'tax_summary' },
  ],
};

/** The full-page error texts, friendlier for network and permission problems (spec 001 sections 2.7, 2.8, 8). */
export function analyticsError(kind: Kind, error: unknown): { title: string; message: string } {
  const message = error instanceof Error ? error.message : '';
  if (kind === 'earnings' && /expert role required/i.test(message))
    return {
      title: 'Expert role required',
      message: 'You need expert permissions to view earnings analytics.',
    };
  if (/network/i.test(message))
    return {
      title: 'Error loading analytics',
      message: 'Network error. Check your internet connection and try again.',
    };
  if (/unauthorized/i.test(message) || (error instanceof ApiError && error.status === 401))
    return { title: 'Unauthorized', message: 'Unauthorized. Please check your permissions and try again.' };
  return {
    title: 'Error loading analytics',
    message: kind === 'spending' ? 'Failed to load spending data' : 'Failed to load earnings data',
  };
}

/** Spending Analytics (2.7) and Earnings Analytics (2.8). */
export function AnalyticsPage({ kind }: { kind: Kind }) {
  const [period, setPeriod] = useState<TAnalyticsPeriod>('30d');
  const [project, setProject] = useState('');
  const { data, summary, loading, error, detailError, projects, load } = useAnalyticsData(
    kind,
    period,
    project,
  );

  const title = kind === 'spending' ? 'Spending Analytics' : 'Earnings Analytics';
  if (error && !data) {
    const shown = analyticsError(kind, error);
    return (
      <section className="page analytics-page">
        <h1>{title}</h1>
        <div className="panel analytics-error" role="alert">
          <h2>{shown.title}</h2>
          <p>{shown.message}</p>
          <button type="button" className="button button-primary" onClick={() => void load()}>
            Retry
          </button>
        </div>
      </section>
    );
  }

  return (
    <section className="page analytics-page">
      <div className="page-head">
        <h1>{title}</h1>
        <AnalyticsFilters
          kind={kind}
          period={period}
          onPeriod={setPeriod}
          project={project}
          onProject={setProject}
          projects={projects}
        />
      </div>
      {loading && data && (
        <p className="updating" role="status">
          Updating analytics...
        </p>
      )}
      {detailError && (
        <div className="banner banner-yellow" role="alert">
          Error loading detailed analytics{' '}
          <button type="button" className="button button-small" onClick={() => void load()}>
            Retry
          </button>
        </div>
      )}
      {!data && <p className="page-loading">Loading...</p>}
      {data && 'total_spent' in data && (
        <SpendingView data={data} summary={summary as SpendingSummary | undefined} />
      )}
      {data && 'total_earned' in data && (
        <EarningsView data={data} summary={summary as EarningsSummary | undefined} />
      )}
      {data && <Exports kind={kind} period={period} project={project} />}
    </section>
  );
}

function Card({ title, value, note }: { title: string; value: string; note: string }) {
  return (
    <article className="panel stat-card" aria-label={title}>
      <h2>{title}</h2>
      <p className="stat-value">{value}</p>
      <p className="muted">{note}</p>
    </article>
  );
}

function MetricTiles({ metrics }: { metrics: SpendingAnalytics['performance_metrics'] }) {
  if (!metrics.length) return null;
  return (
    <ul className="metric-tiles">
      {metrics.map((metric) => (
        <li key={metric.label} className={`panel metric-tile trend-${metric.trend}`}>
          <span className="muted">{metric.label}</span>
          <strong>{metricValue(metric)}</strong>
          <span className="metric-change">
            {signedChange(metric.change_percentage)}
            <span className="muted"> vs {metricValue(metric, metric.previous_value)} the period before</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

function SpendingView({ data, summary }: { data: SpendingAnalytics; summary: SpendingSummary | undefined }) {
  return (
    <>
      <div className="stat-cards">
        <Card
          title="Total Spent"
          value={formatUsd(data.total_spent)}
          note={`${data.total_transactions} transactions`}
        />
        <Card
          title="Budget Remaining"
          value={formatUsd(summary?.budget_remaining ?? data.budget_remaining)}
          note={`Avg ${formatUsd(data.average_transaction)} per transaction`}
        />
        <Card
          title="Active Evaluations"
          value={String(summary?.active_evaluations ?? 0)}
          note={`${data.evaluations_created} total created`}
        />
      </div>
      <MetricTiles metrics={data.performance_metrics} />
      {data.total_transactions === 0 ? (
        <p className="empty">No spending data available</p>
      ) : (
        <div className="charts">
          <TrendChart title="Spending Trends" points={data.spending_trends} />
          {data.project_breakdown.length > 0 && (
            <BreakdownChart
              title="Project Breakdown"
              rows={data.project_breakdown.map((row) => ({
                name: row.project_name,
                value: row.amount,
                percentage: row.percentage,
              }))}
            />
          )}
          <MetricsChart title="Performance Metrics" metrics={data.performance_metrics} />
        </div>
      )}
    </>
  );
}

function EarningsView({ data, summary }: { data: EarningsAnalytics; summary: EarningsSummary | undefined }) {
  return (
    <>
      <div className="stat-cards">
        <Card
          title="Total Earned"
          value={formatUsd(data.total_earned)}
          note={`Avg ${formatUsd(data.average_earning)} per earning`}
        />
        <Card
          title="Pending Earnings"
          value={formatUsd(summary?.pending_earnings ?? 0)}
          note={`${data.total_transactions} transactions`}
        />
        <Card
          title="Approval Rate"
          value={`${data.approval_rate.toFixed(1)}%`}
          note={`${data.votes_approved} approved votes`}
        />
      </div>
      <section className="panel expert-performance" aria-labelledby="expert-performance-title">
        <h2 id="expert-performance-title">Expert Performance</h2>
        <dl>
          <dt>Quality Score</dt>
          <dd>{data.quality_score === null ? '—' : `${data.quality_score.toFixed(1)} / 5.0`}</dd>
          <dt>Reputation</dt>
          <dd>
            {data.reputation_score === null ? 'Not rated yet' : `${data.reputation_score.toFixed(1)} / 5.0`}
          </dd>
          <dt>Ranking</dt>
          <dd>
            {data.ranking === null
              ? 'Ranking unavailable'
              : `#${data.ranking} of ${data.total_experts} experts`}
          </dd>
          <dt>Vote Statistics</dt>
          <dd>
            {data.votes_submitted} submitted, {data.votes_approved} approved, {data.votes_rejected} rejected
          </dd>
        </dl>
        <p className="muted metric-definition">
          A vote is approved when it agrees with its item&apos;s majority once the item has all its votes.
          Quality Score is 5 × the lower bound (95% Wilson) of your approval rate in this period; Reputation
          is the same over all your votes.
        </p>
      </section>
      <MetricTiles metrics={data.performance_metrics} />
      {data.total_transactions === 0 ? (
        <p className="empty">No earnings data available</p>
      ) : (
        <div className="charts">
          <TrendChart title="Earnings Trends" points={data.earnings_trends} />
          {data.evaluation_breakdown.length > 0 && (
            <BreakdownChart
              title="Evaluation Breakdown"
              rows={data.evaluation_breakdown.map((row) => ({
                name: row.project_name,
                value: row.amount,
                percentage: row.percentage,
              }))}
            />
          )}
          <BreakdownChart
            title="Vote Distribution"
            rows={[
              { name: 'Approved', value: data.votes_approved },
              { name: 'Rejected', value: data.votes_rejected },
            ]}
          />
          <MetricsChart title="Performance Metrics" metrics={data.performance_metrics} />
        </div>
      )}
    </>
  );
}

function Exports({ kind, period, project }: { kind: Kind; period: TAnalyticsPeriod; project: string }) {
  const [busy, setBusy] = useState<string>();
  const [result, setResult] = useState<ExportReply>();
  const [failed, setFailed] = useState<{ message: string; button: ExportButton }>();

  async function run(button: ExportButton) {
    setBusy(button.label);
    setResult(undefined);
    setFailed(undefined);
    try {
      setResult(
        await exportAnalytics(kind, {
          format: button.format,
          time_filter: { period },
          ...(project ? { project_filter: { project_id: project } } : {}),
          ...(button.report ? { report: button.report } : {}),
        }),
      );
    } catch (error) {
      setFailed({ message: error instanceof Error ? error.message : 'Export failed', button });
    } finally {
      setBusy(undefined);
    }
  }

  return (
    <section className="panel exports" aria-labelledby="exports-title">
      <h2 id="exports-title">Export Data</h2>
      <div className="export-buttons">
        {EXPORTS[kind].map((button) => (
          <button
            key={button.label}
            type="button"
            className="button"
            disabled={!!busy}
            onClick={() => void run(button)}
          >
            {busy === button.label ? 'Exporting...' : button.label}
          </button>
        ))}
      </div>
      {result && (
        <div className="form-success export-result" role="status">
          Export ready: <strong>{result.file_name}</strong>{' '}
          <a href={result.download_url} target="_blank" rel="noreferrer">
            Download
          </a>
        </div>
      )}
      {failed && (
        <div className="form-error export-result" role="alert">
          <strong>Export failed</strong> {failed.message}{' '}
          <button type="button" className="button button-small" onClick={() => void run(failed.button)}>
            Try again
          </button>
        </div>
      )}
    </section>
  );
}
