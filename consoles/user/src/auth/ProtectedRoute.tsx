import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useAuth } from './AuthProvider';

/** Signed-out visitors go to /; while the session loads, 'Loading...'. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status === 'loading') return <p className="page-loading">Loading...</p>;
  if (status === 'signed_out') return <Navigate to="/" replace />;
  return <>{children}</>;
}
