import type { ReactElement } from 'react';
import { AuthCallbackPage } from './auth/AuthCallbackPage';
import { HomePage } from './pages/HomePage';
import { PurchasePage } from './pages/wallet/PurchasePage';
import { WalletPage } from './pages/wallet/WalletPage';

export interface ConsoleRoute {
  path: string;
  element: ReactElement;
  /** Signed-out visitors are sent to / (spec: protected routes). */
  protected?: boolean;
}

/** Every screen of the console, one line each (spec 000 and 001 section 2). */
export const ROUTES: readonly ConsoleRoute[] = [
  { path: '/', element: <HomePage /> },
  { path: '/auth/callback', element: <AuthCallbackPage /> },
  { path: '/wallet', element: <WalletPage />, protected: true },
  { path: '/wallet/purchase', element: <PurchasePage />, protected: true },
];
