import type { SignedInAccount } from './SignedInAccount';

/** The signed-in person's name and email at the top of a menu. */
export function AccountWho({ account }: { account: SignedInAccount }) {
  return (
    <div className="account-who">
      <strong>{account.fullName}</strong>
      <span className="muted">{account.email}</span>
    </div>
  );
}
