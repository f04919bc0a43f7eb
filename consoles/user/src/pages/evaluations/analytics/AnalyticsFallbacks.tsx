import { MESSAGES } from '@evalmarket/contracts';
import type { ReactNode } from 'react';

/** What the dashboard shows instead of its data: a refusal, or both reads failed. */

export function AnalyticsRefusal({ back, refusal }: { back: ReactNode; refusal: 403 | 404 }) {
  return (
    <section className="page">
      {back}
      <div className="panel dashboard-failed" role="alert">
        {refusal === 403 ? (
          <>
            <h1>No access to these analytics</h1>
            <p>
              Only the evaluation&apos;s owner can see its analytics. You are signed in with another account.
            </p>
          </>
        ) : (
          <h1>{MESSAGES.evaluationNotFound}</h1>
        )}
      </div>
    </section>
  );
}

export function DashboardFailed({ back, onRetry }: { back: ReactNode; onRetry: () => void }) {
  return (
    <section className="page">
      {back}
      <div className="panel dashboard-failed" role="alert">
        <h1>Failed to Load Dashboard</h1>
        <p>Unable to load analytics data. Please check your connection and try again.</p>
        <button type="button" className="button button-primary" onClick={onRetry}>
          Retry
        </button>
      </div>
    </section>
  );
}
