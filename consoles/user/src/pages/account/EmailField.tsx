import type { TProfile } from '@evalmarket/contracts';
import { useEmailChange } from './useEmailChange';

/** The account's email, and changing it: a new address gets a verification link before it counts. */
export function EmailField({ profile }: { profile: TProfile }) {
  const { editing, setEditing, email, setEmail, sending, message, setMessage, send } = useEmailChange();

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
