import { Alert, Box, Button, Card, CardContent, Divider, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useLogin } from 'react-admin';
import { requestMagicLink } from '../providers/authProvider';
import { session } from '../providers';

/**
 * Staff sign in with the magic link everyone gets. The emailed link opens the user console, so
 * this page also takes the pasted link (or its token); /#/auth-callback?token=... works too.
 */
export function LoginPage() {
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [link, setLink] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!email.trim()) return setError('Please enter your email');
    setBusy(true);
    try {
      await requestMagicLink(session, email);
      setSent(true);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  async function signIn(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await login({ token: link });
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100' }}>
      <Card sx={{ width: 420 }}>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            Evalmarket staff console
          </Typography>
          {error && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <form onSubmit={send} noValidate>
            <Stack spacing={2}>
              <TextField
                label="Email"
                type="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                autoComplete="email"
              />
              <Button type="submit" variant="contained" disabled={busy}>
                Send Magic Link
              </Button>
              {sent && <Alert severity="success">Magic link sent! Check your email to sign in.</Alert>}
            </Stack>
          </form>
          <Divider sx={{ my: 3 }} />
          <form onSubmit={signIn} noValidate>
            <Stack spacing={2}>
              <TextField
                label="Sign-in link or token"
                helperText="Paste the link from the email"
                value={link}
                onChange={(event) => setLink(event.target.value)}
              />
              <Button type="submit" variant="outlined" disabled={busy || !link.trim()}>
                Sign in
              </Button>
            </Stack>
          </form>
        </CardContent>
      </Card>
    </Box>
  );
}
