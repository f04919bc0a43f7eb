import { lazy, Suspense, type ReactElement } from 'react';
import { AuthCallbackPage } from './auth/AuthCallbackPage';
import { CreateEvaluationPage } from './pages/CreateEvaluationPage';
import { EvaluationDetailPage } from './pages/EvaluationDetailPage';
import { EvaluatorWorkspacePage } from './pages/EvaluatorWorkspacePage';
import { HomePage } from './pages/HomePage';
import { MyEvaluationsPage } from './pages/MyEvaluationsPage';

export interface ConsoleRoute {
  path: string;
  element: ReactElement;
  /** Signed-out visitors are sent to / (spec: protected routes). */
  protected?: boolean;
}

/** Charts are heavy: the analytics dashboard loads on demand. */
const EvaluationAnalyticsPage = lazy(() =>
  import('./pages/EvaluationAnalyticsPage').then((module) => ({ default: module.EvaluationAnalyticsPage })),
);

/** Every screen of the console, one line each (spec 000 and 001 section 2). */
export const ROUTES: readonly ConsoleRoute[] = [
  { path: '/', element: <HomePage /> },
  { path: '/auth/callback', element: <AuthCallbackPage /> },
  { path: '/evaluations/create', element: <CreateEvaluationPage />, protected: true },
  { path: '/evaluations', element: <EvaluatorWorkspacePage />, protected: true },
  { path: '/evaluations/:id', element: <EvaluationDetailPage /> },
  {
    path: '/evaluations/:id/analytics',
    element: (
      <Suspense fallback={<p className="page-loading">Loading...</p>}>
        <EvaluationAnalyticsPage />
      </Suspense>
    ),
    protected: true,
  },
  { path: '/my-evaluations', element: <MyEvaluationsPage />, protected: true },
];
