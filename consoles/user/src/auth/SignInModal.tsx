import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useAuth } from './AuthProvider';

export const MAGIC_LINK_SENT = 'Magic link sent! Check your email to sign in.';
export const MAGIC_LINK_FAILED = 'Failed to send magic link. Please try again.';

/** The spec's sign-in modal: one email field and 'Send Magic Link'. */
export function SignInModal({ onClose }: { onClose: () => void }) {
  const { sendMagicLink } = useAuth();
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string }>();
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    input.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = email.trim();
    if (!trimmed) {
      setMessage({ kind: 'error', text: 'Please enter your email' });
      return;
    }
    setSending(true);
    setMessage(undefined);
    try {
      await sendMagicLink(trimmed);
      setMessage({ kind: 'success', text: MAGIC_LINK_SENT });
    } catch {
      setMessage({ kind: 'error', text: MAGIC_LINK_FAILED });
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="modal-backdrop" onClick={onClose}>
      <div
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="sign-in-title"
        onClick={(event) => event.stopPropagation()}
      >
        <button type="button" className="modal-close" aria-label="Close" onClick={onClose}>
          ×
        </button>
        <h2 id="sign-in-title">Sign in / Sign up</h2>
        <form onSubmit={submit} noValidate>
          <label htmlFor="sign-in-email">Email</label>
          <input
            id="sign-in-email"
            ref={input}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            placeholder="you@example.com"
          />
          {message && (
            <p
              className={message.kind === 'error' ? 'form-error' : 'form-success'}
              role={message.kind === 'error' ? 'alert' : 'status'}
            >
              {message.text}
            </p>
          )}
          <button type="submit" className="button button-primary" disabled={sending}>
            {sending ? 'Sending...' : 'Send Magic Link'}
          </button>
        </form>
        <p className="muted">
          We'll email you a magic link for a password-free sign in. New users will be automatically
          registered.
        </p>
      </div>
    </div>
  );
}
