import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useLogin } from 'react-admin';
import { Link, useSearchParams } from 'react-router-dom';

/** /admin/#/auth-callback?token=...: exchanges the magic-link token and opens the console. */
export function AuthCallback() {
  const [params] = useSearchParams();
  const login = useLogin();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // The token is single use: StrictMode's second effect run must not spend it again.
    if (started.current) return;
    started.current = true;
    login({ token: params.get('token') ?? '' }).catch((failure: Error) => setError(failure.message));
  }, [login, params]);

  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      {error ? (
        <Alert
          severity="error"
          role="alert"
          action={
            <Button component={Link} to="/login">
              Back to sign in
            </Button>
          }
        >
          {error}
        </Alert>
      ) : (
        <CircularProgress aria-label="Signing in" />
      )}
    </Box>
  );
}
