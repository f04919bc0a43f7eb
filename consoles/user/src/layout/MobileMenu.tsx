import { Link, NavLink } from 'react-router-dom';
import { EVALUATE_LINK } from './account-links';
import { AccountWho } from './AccountWho';
import type { SignedInAccount } from './SignedInAccount';

/** The small-screen menu: every link of the header in one column, or Sign in when signed out. */
export function MobileMenu({ account, onSignIn }: { account: SignedInAccount | null; onSignIn: () => void }) {
  return (
    <nav id="mobile-menu" className="mobile-menu" aria-label="Mobile">
      {account ? (
        <>
          <AccountWho account={account} />
          <NavLink to={EVALUATE_LINK.to} end>
            {EVALUATE_LINK.label}
          </NavLink>
          <Link to="/evaluations/create">New Evaluation</Link>
          {account.links.map((link) => (
            <NavLink key={link.label} to={link.to}>
              {link.label}
            </NavLink>
          ))}
          <button type="button" onClick={account.signOut}>
            Sign out
          </button>
        </>
      ) : (
        <button type="button" onClick={onSignIn}>
          Sign in
        </button>
      )}
    </nav>
  );
}
