import type { TProfile } from '@evalmarket/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { getProfile, updateProfile } from '../../api/account';
import { useLoad } from '../../api/useLoad';
import { useAuth } from '../../auth/AuthProvider';
import { EmailField } from './EmailField';
import './account.css';

/** Timer (spec 001 section 9): the profile-saved message shows 3 s (the email-sent one: EmailField). */
export const PROFILE_SAVED_MS = 3000;

export function nameProblems(first: string, last: string): { first?: string; last?: string } {
  return {
    first: first.trim() ? undefined : 'First name is required',
    last: last.trim() ? undefined : 'Last name is required',
  };
}

/** Account Settings / Profile Settings (spec 001 sections 2.1, 4, 5, 8). */
export function AccountPage() {
  const { profile, setProfile } = useAuth();
  // Loaded once per visit; the fresh profile also updates the session's copy.
  const { data: fresh, error: loadError } = useLoad(
    (signal) =>
      getProfile(signal).then((reply) => {
        setProfile(reply);
        return reply;
      }),
    [],
    { failure: () => 'Error loading profile. Please try again.' },
  );
  const loaded = fresh !== undefined;

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
