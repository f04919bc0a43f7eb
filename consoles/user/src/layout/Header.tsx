import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { accountLabel, useAuth } from '../auth/AuthProvider';
import { SignInModal } from '../auth/SignInModal';
import { AccountMenu } from './AccountMenu';
import { accountLinks, EVALUATE_LINK } from './account-links';
import { MobileMenu } from './MobileMenu';
import type { SignedInAccount } from './SignedInAccount';
import { useEvaluatorStatus } from './useEvaluatorStatus';

export function Header() {
  const { status, profile, signOut } = useAuth();
  const [signingIn, setSigningIn] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    setMobileOpen(false);
  }, [location.pathname]);

  const signedIn = status === 'signed_in';
  const evaluator = useEvaluatorStatus(signedIn, location.pathname);
  const label = accountLabel(profile);
  const account: SignedInAccount | null = signedIn
    ? {
        label,
        fullName: profile?.full_name || label,
        email: profile?.email,
        links: accountLinks(profile, evaluator?.evaluator_status),
        signOut: async () => {
          await signOut();
          navigate('/');
        },
      }
    : null;

  return (
    <header className="header">
      <Link to="/" className="brand">
        Evalmarket
      </Link>
      <button
        type="button"
        className="mobile-toggle"
        aria-expanded={mobileOpen}
        aria-controls="mobile-menu"
        aria-label="Menu"
        onClick={() => setMobileOpen((open) => !open)}
      >
        ☰
      </button>
      <nav className="header-actions" aria-label="Account">
        {account ? (
          <>
            <NavLink to={EVALUATE_LINK.to} end className="button header-evaluate">
              {EVALUATE_LINK.label}
            </NavLink>
            <Link to="/evaluations/create" className="button button-primary">
              New Evaluation
            </Link>
            <AccountMenu account={account} />
          </>
        ) : status === 'signed_out' ? (
          <button type="button" className="button button-primary" onClick={() => setSigningIn(true)}>
            Sign in
          </button>
        ) : null}
      </nav>
      {mobileOpen && <MobileMenu account={account} onSignIn={() => setSigningIn(true)} />}
      {signingIn && <SignInModal onClose={() => setSigningIn(false)} />}
    </header>
  );
}
