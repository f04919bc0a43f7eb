import { useEffect, useRef, useState } from 'react';
import { requestEmailChange } from '../../api/account';
import { ApiError } from '../../api/client';
import { useAuth } from '../../auth/AuthProvider';

/** Timer (spec 001 section 9): the email-sent message shows 5 s. */
export const EMAIL_SENT_MS = 5000;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailProblem(email: string): string | undefined {
  const trimmed = email.trim();
  if (!trimmed) return 'Email is required';
  if (!EMAIL_PATTERN.test(trimmed)) return 'Please enter a valid email address';
  return undefined;
}

export type EmailChangeMessage = { kind: 'success' | 'error'; text: string };

/**
 * The email change of Account Settings: the new address being typed and `send`, which checks it,
 * asks for the verification email and reloads the profile; the success message clears itself.
 */
export function useEmailChange() {
  const { reloadProfile } = useAuth();
  const [editing, setEditing] = useState(false);
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<EmailChangeMessage>();
  const timer = useRef<number>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  async function send() {
    const problem = emailProblem(email);
    if (problem) {
      setMessage({ kind: 'error', text: problem });
      return;
    }
    setSending(true);
    setMessage(undefined);
    try {
      const reply = await requestEmailChange(email.trim());
      setEditing(false);
      setEmail('');
      setMessage({
        kind: 'success',
        text: `Verification email sent to ${reply.new_email}. Please check your inbox.`,
      });
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setMessage(undefined), EMAIL_SENT_MS);
      await reloadProfile().catch(() => undefined);
    } catch (error) {
      const inUse =
        error instanceof ApiError && error.status === 400 && /already in use/i.test(error.message);
      setMessage({
        kind: 'error',
        text: inUse ? 'Email already in use' : 'Error changing email. Please try again.',
      });
    } finally {
      setSending(false);
    }
  }

  return { editing, setEditing, email, setEmail, sending, message, setMessage, send };
}
