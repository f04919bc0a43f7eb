import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useAuth } from './AuthProvider';

/** Where the emailed sign-in link lands: exchanges its token for a session, then goes home. */
export function AuthCallbackPage() {
  const [params] = useSearchParams();
  const { completeSignIn } = useAuth();
  const navigate = useNavigate();
  const [error, setError] = useState<string>();
  const started = useRef(false);

  useEffect(() => {
    // A token works once: never send it twice (React runs effects twice in development).
    if (started.current) return;
    started.current = true;
    const token = params.get('token');
    if (!token) {
      setError('This sign-in link is incomplete. Please request a new one.');
      return;
    }
    completeSignIn(token)
      .then(() => navigate('/', { replace: true }))
      .catch((failure: Error) => setError(failure.message));
  }, [params, completeSignIn, navigate]);

  if (error) {
    return (
      <section className="page narrow">
        <h1>Sign-in failed</h1>
        <p className="form-error" role="alert">
          {error}
        </p>
        <Link to="/">Back to the home page</Link>
      </section>
    );
  }
  return <p className="page-loading">Signing you in...</p>;
}
