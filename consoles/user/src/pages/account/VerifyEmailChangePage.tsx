import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { verifyEmailChange } from '../../api/account';
import { ApiError } from '../../api/client';
import { useLoad } from '../../api/useLoad';
import { useAuth } from '../../auth/AuthProvider';
import './account.css';

/** Redirect to /account after a successful verification (spec 001 section 9). */
export const EMAIL_CHANGE_REDIRECT_MS = 3000;
export const NO_TOKEN_MESSAGE = 'Invalid verification link. No token provided.';

interface VerifyReply {
  old_email: string;
  new_email: string;
}

/** A token works once: one request per token, even when React runs effects twice. */
const verifications = new Map<string, Promise<VerifyReply>>();
function verifyOnce(token: string): Promise<VerifyReply> {
  let pending = verifications.get(token);
  if (!pending) {
    pending = verifyEmailChange(token);
    verifications.set(token, pending);
  }
  return pending;
}

type VerifyState =
  { phase: 'verifying' } | { phase: 'success'; reply: VerifyReply } | { phase: 'error'; message: string };

/** A network failure or the server's own refusal (an expired or used token) is shown as it is. */
function verifyFailure(error: unknown): string {
  if (error instanceof ApiError && error.message.startsWith('Network error')) return error.message;
  if (error instanceof ApiError && error.status < 500 && error.message) return error.message;
  return 'Failed to verify email change';
}

/** /verify-email-change?token=... (spec 001 section 2.11). Public. */
export function VerifyEmailChangePage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const { status, refreshSession } = useAuth();
  const navigate = useNavigate();
  const verification = useLoad(() => (token ? verifyOnce(token) : undefined), [token], {
    failure: verifyFailure,
  });
  const state: VerifyState = !token
    ? { phase: 'error', message: NO_TOKEN_MESSAGE }
    : verification.error !== undefined
      ? { phase: 'error', message: verification.error }
      : verification.data
        ? { phase: 'success', reply: verification.data }
        : { phase: 'verifying' };

  const succeeded = state.phase === 'success';
  useEffect(() => {
    if (!succeeded) return;
    if (status === 'signed_in') void refreshSession();
    const timer = window.setTimeout(() => navigate('/account'), EMAIL_CHANGE_REDIRECT_MS);
    return () => window.clearTimeout(timer);
    // Refresh once on success; the session status need not re-run it.
  }, [succeeded]);

  return (
    <section className="page narrow">
      <div className="panel verify-card">
        {state.phase === 'verifying' && (
          <>
            <h1>Verifying your email change</h1>
            <p className="page-loading" role="status">
              Verifying...
            </p>
          </>
        )}
        {state.phase === 'success' && (
          <>
            <h1>Email Changed</h1>
            <p className="form-success" role="status">
              Your email address has been updated.
            </p>
            <dl>
              <dt>Old email</dt>
              <dd>{state.reply.old_email}</dd>
              <dt>New email</dt>
              <dd>{state.reply.new_email}</dd>
            </dl>
            <p className="muted">Redirecting to your account settings...</p>
          </>
        )}
        {state.phase === 'error' && (
          <>
            <h1>Verification Failed</h1>
            <p className="form-error" role="alert">
              {state.message}
            </p>
            <button type="button" className="button button-primary" onClick={() => navigate('/account')}>
              Go to Account Settings
            </button>
          </>
        )}
      </div>
    </section>
  );
}
