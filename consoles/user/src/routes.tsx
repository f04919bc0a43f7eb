import { lazy, Suspense, type ReactElement } from 'react';
import { Navigate } from 'react-router-dom';
import { AuthCallbackPage } from './auth/AuthCallbackPage';
import { AccountPage } from './pages/account/AccountPage';
import { VerifyEmailChangePage } from './pages/account/VerifyEmailChangePage';
import { BillingPage } from './pages/billing/BillingPage';
import { CreateEvaluationPage } from './pages/evaluations/create/CreateEvaluationPage';
import { EvaluationDetailPage } from './pages/evaluations/detail/EvaluationDetailPage';
import { ApplyPage } from './pages/evaluator/ApplyPage';
import { CashoutPage } from './pages/evaluator/CashoutPage';
import { VoteHistoryPage } from './pages/evaluator/VoteHistoryPage';
import { EvaluatorWorkspacePage } from './pages/evaluator/workspace/EvaluatorWorkspacePage';
import { HomePage } from './pages/home/HomePage';
import { MyEvaluationsPage } from './pages/evaluations/MyEvaluationsPage';
import { PaymentSetupPage } from './pages/payments/PaymentSetupPage';
import { PurchasePage } from './pages/wallet/PurchasePage';
import { WalletPage } from './pages/wallet/WalletPage';

/** recharts is large: the analytics screens load on demand. */
const AnalyticsPage = lazy(() =>
  import('./pages/analytics/AnalyticsPage').then((module) => ({ default: module.AnalyticsPage })),
);
const EvaluationAnalyticsPage = lazy(() =>
  import('./pages/evaluations/analytics/EvaluationAnalyticsPage').then((module) => ({
    default: module.EvaluationAnalyticsPage,
  })),
);
const loading = <p className="page-loading">Loading...</p>;

export interface ConsoleRoute {
  path: string;
  element: ReactElement;
  /** Signed-out visitors are sent to / (spec: protected routes). */
  protected?: boolean;
  /** The tab title's page part ("<title> - Evalmarket"); redirects have none. */
  title?: string;
}

/** Every screen of the console, one line each (spec 000 and 001 section 2). */
export const ROUTES: readonly ConsoleRoute[] = [
  { path: '/', title: 'Home', element: <HomePage /> },
  { path: '/auth/callback', title: 'Signing in', element: <AuthCallbackPage /> },
  {
    path: '/evaluations/create',
    title: 'Create Evaluation',
    element: <CreateEvaluationPage />,
    protected: true,
  },
  { path: '/evaluations', title: 'Evaluate', element: <EvaluatorWorkspacePage />, protected: true },
  { path: '/evaluations/:id', title: 'Evaluation', element: <EvaluationDetailPage /> },
  {
    path: '/evaluations/:id/analytics',
    title: 'Evaluation Analytics',
    element: (
      <Suspense fallback={loading}>
        <EvaluationAnalyticsPage />
      </Suspense>
    ),
    protected: true,
  },
  { path: '/my-evaluations', title: 'My Evaluations', element: <MyEvaluationsPage />, protected: true },
  { path: '/account', title: 'Profile Settings', element: <AccountPage />, protected: true },
  { path: '/verify-email-change', title: 'Verify Email Change', element: <VerifyEmailChangePage /> },
  { path: '/wallet', title: 'Wallet & Credits', element: <WalletPage />, protected: true },
  { path: '/wallet/purchase', title: 'Purchase Credits', element: <PurchasePage />, protected: true },
  { path: '/evaluator/apply', title: 'Become an Evaluator', element: <ApplyPage />, protected: true },
  { path: '/evaluator/cashout', title: 'Cash Out', element: <CashoutPage />, protected: true },
  { path: '/evaluator/votes', title: 'My Votes', element: <VoteHistoryPage />, protected: true },
  /** The bonus banner's target (spec 001 section 2.3 names both); creation lives at /evaluations/create. */
  { path: '/evaluations/new', element: <Navigate to="/evaluations/create" replace /> },
  /** The apply wizard's Cancel goes to /dashboard (spec 001 section 2.13); home is the dashboard. */
  { path: '/dashboard', element: <Navigate to="/" replace /> },
  {
    path: '/analytics/spending',
    title: 'Spending Analytics',
    element: (
      <Suspense fallback={loading}>
        <AnalyticsPage key="spending" kind="spending" />
      </Suspense>
    ),
    protected: true,
  },
  {
    path: '/analytics/earnings',
    title: 'Earnings Analytics',
    element: (
      <Suspense fallback={loading}>
        <AnalyticsPage key="earnings" kind="earnings" />
      </Suspense>
    ),
    protected: true,
  },
  { path: '/billing', title: 'Billing & Usage', element: <BillingPage />, protected: true },
  { path: '/payments/setup', title: 'Payment & Payouts', element: <PaymentSetupPage />, protected: true },
  {
    path: '/payments/setup/spending',
    title: 'Payment & Payouts',
    element: <PaymentSetupPage context="spending" />,
    protected: true,
  },
  {
    path: '/payments/setup/earning',
    title: 'Payment & Payouts',
    element: <PaymentSetupPage context="earning" />,
    protected: true,
  },
  { path: '/payments/setup/success', element: <Navigate to="/payments/setup?connect=success" replace /> },
];
