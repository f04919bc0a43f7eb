import type { TProfile } from '@evalmarket/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { getProfile, requestEmailChange, updateProfile } from '../../api/account';
import { ApiError } from '../../api/client';
import { useAuth } from '../../auth/AuthProvider';
import './account.css';

/** Timers (spec 001 section 9): profile-saved message 3 s, email-sent message 5 s. */
export const PROFILE_SAVED_MS = 3000;
export const EMAIL_SENT_MS = 5000;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function nameProblems(first: string, last: string): { first?: string; last?: string } {
  return {
    first: first.trim() ? undefined : 'First name is required',
    last: last.trim() ? undefined : 'Last name is required',
  };
}

export function emailProblem(email: string): string | undefined {
  const trimmed = email.trim();
  if (!trimmed) return 'Email is required';
  if (!EMAIL_PATTERN.test(trimmed)) return 'Please enter a valid email address';
  return undefined;
}

/** Account Settings / Profile Settings (spec 001 sections 2.1, 4, 5, 8). */
export function AccountPage() {
  const { profile, setProfile } = useAuth();
  const [loadError, setLoadError] = useState<string>();
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    let live = true;
    getProfile()
      .then((fresh) => {
        if (!live) return;
        setProfile(fresh);
        setLoaded(true);
      })
      .catch(() => live && setLoadError('Error loading profile. Please try again.'));
    return () => {
      live = false;
    };
    // Load once per visit; setProfile is stable enough for this purpose.
  }, []);

  return (
    <section className="page narrow account-page">
      <h1>Profile Settings</h1>
      {loadError && (
        <p className="form-error" role="alert">
          {loadError}
        </p>
      )}
      {!profile && !loadError && <p className="page-loading">Loading...</p>}
      {profile && (loaded || loadError) && <ProfileForm profile={profile} onSaved={setProfile} />}
      {profile && !loaded && !loadError && <p className="page-loading">Loading...</p>}
    </section>
  );
}

function ProfileForm({ profile, onSaved }: { profile: TProfile; onSaved: (profile: TProfile) => void }) {
  const [first, setFirst] = useState(profile.first_name);
  const [last, setLast] = useState(profile.last_name);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string }>();
  const timer = useRef<number>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const changed = first.trim() !== profile.first_name || last.trim() !== profile.last_name;
  const problems = nameProblems(first, last);

  async function save(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (problems.first || problems.last || !changed || saving) return;
    setSaving(true);
    setMessage(undefined);
    try {
      const updated = await updateProfile({ first_name: first.trim(), last_name: last.trim() });
      onSaved(updated);
      setFirst(updated.first_name);
      setLast(updated.last_name);
      setMessage({ kind: 'success', text: 'Profile updated successfully' });
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setMessage(undefined), PROFILE_SAVED_MS);
    } catch {
      setMessage({ kind: 'error', text: 'Error updating profile. Please try again.' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      {profile.new_email && (
        <div className="banner banner-yellow" role="status">
          <strong>Email Change Pending</strong>
          <p>
            We sent a verification link to <strong>{profile.new_email}</strong>. Your email changes once you
            open it.
          </p>
        </div>
      )}
      <form className="panel" onSubmit={save} noValidate aria-labelledby="profile-info-title">
        <h2 id="profile-info-title">Profile Information</h2>
        <div className="name-fields">
          <div>
            <label htmlFor="first-name">First Name</label>
            <input
              id="first-name"
              autoComplete="given-name"
              value={first}
              aria-invalid={touched && !!problems.first}
              aria-describedby={touched && problems.first ? 'first-name-error' : undefined}
              onChange={(event) => setFirst(event.target.value)}
              onBlur={() => setTouched(true)}
            />
            {touched && problems.first && (
              <p id="first-name-error" className="field-error">
                {problems.first}
              </p>
            )}
          </div>
          <div>
            <label htmlFor="last-name">Last Name</label>
            <input
              id="last-name"
              autoComplete="family-name"
              value={last}
              aria-invalid={touched && !!problems.last}
              aria-describedby={touched && problems.last ? 'last-name-error' : undefined}
              onChange={(event) => setLast(event.target.value)}
              onBlur={() => setTouched(true)}
            />
            {touched && problems.last && (
              <p id="last-name-error" className="field-error">
                {problems.last}
              </p>
            )}
          </div>
        </div>
        <EmailField profile={profile} />
        {message && (
          <p
            className={message.kind === 'success' ? 'form-success' : 'form-error'}
            role={message.kind === 'success' ? 'status' : 'alert'}
          >
            {message.text}
          </p>
        )}
        <button type="submit" className="button button-primary save-profile" disabled={saving || !changed}>
          {saving ? 'Saving...' : 'Save Changes'}
        </button>
      </form>
    </>
  );
}

function EmailField({ profile }: { profile: TProfile }) {
  const { reloadProfile } = useAuth();
  const [editing, setEditing] = useState(false);
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string }>();
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

  return (
    <div className="email-field">
      <label htmlFor={editing ? 'new-email' : 'current-email'}>{editing ? 'New Email' : 'Email'}</label>
      {!editing ? (
        <div className="email-row">
          <input id="current-email" type="email" value={profile.email} readOnly />
          <button
            type="button"
            className="button"
            onClick={() => {
              setEditing(true);
              setMessage(undefined);
            }}
          >
            Change Email
          </button>
        </div>
      ) : (
        <div className="email-row">
          <input
            id="new-email"
            type="email"
            autoComplete="email"
            value={email}
            autoFocus
            onChange={(event) => setEmail(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void send();
              }
              if (event.key === 'Escape') setEditing(false);
            }}
          />
          <button
            type="button"
            className="button button-primary"
            disabled={sending}
            onClick={() => void send()}
          >
            {sending ? 'Sending...' : 'Send Verification'}
          </button>
          <button
            type="button"
            className="button"
            onClick={() => {
              setEditing(false);
              setEmail('');
              setMessage(undefined);
            }}
          >
            Cancel
          </button>
        </div>
      )}
      {message && (
        <p
          className={message.kind === 'success' ? 'form-success' : 'form-error'}
          role={message.kind === 'success' ? 'status' : 'alert'}
        >
          {message.text}
        </p>
      )}
    </div>
  );
}
