import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { accountLabel, useAuth } from '../auth/AuthProvider';
import { SignInModal } from '../auth/SignInModal';
import { accountLinks, EVALUATE_LINK } from './account-links';
import { useEvaluatorStatus } from './useEvaluatorStatus';

export function Header() {
  const { status, profile, signOut } = useAuth();
  const [signingIn, setSigningIn] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  const menu = useRef<HTMLDivElement>(null);

  useEffect(() => {
    setMenuOpen(false);
    setMobileOpen(false);
  }, [location.pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const close = (event: MouseEvent) => {
      if (menu.current && !menu.current.contains(event.target as Node)) setMenuOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', onKey);
    };
  }, [menuOpen]);

  async function doSignOut() {
    await signOut();
    navigate('/');
  }

  const signedIn = status === 'signed_in';
  const label = accountLabel(profile);
  const fullName = profile?.full_name || label;
  const evaluator = useEvaluatorStatus(signedIn, location.pathname);
  const links = accountLinks(profile, evaluator?.evaluator_status);

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
        {signedIn ? (
          <>
            <NavLink to={EVALUATE_LINK.to} end className="button header-evaluate">
              {EVALUATE_LINK.label}
            </NavLink>
            <Link to="/evaluations/create" className="button button-primary">
              New Evaluation
            </Link>
            <div className="account-menu" ref={menu}>
              <button
                type="button"
                className="button account-button"
                aria-haspopup="menu"
                aria-expanded={menuOpen}
                onClick={() => setMenuOpen((open) => !open)}
              >
                {label} ▾
              </button>
              {menuOpen && (
                <div className="account-dropdown" role="menu">
                  <div className="account-who">
                    <strong>{fullName}</strong>
                    <span className="muted">{profile?.email}</span>
                  </div>
                  {links.map((link) => (
                    <NavLink key={link.label} to={link.to} role="menuitem">
                      {link.label}
                    </NavLink>
                  ))}
                  <button type="button" role="menuitem" onClick={doSignOut}>
                    Sign out
                  </button>
                </div>
              )}
            </div>
          </>
        ) : status === 'signed_out' ? (
          <button type="button" className="button button-primary" onClick={() => setSigningIn(true)}>
            Sign in
          </button>
        ) : null}
      </nav>
      {mobileOpen && (
        <nav id="mobile-menu" className="mobile-menu" aria-label="Mobile">
          {signedIn ? (
            <>
              <div className="account-who">
                <strong>{fullName}</strong>
                <span className="muted">{profile?.email}</span>
              </div>
              <NavLink to={EVALUATE_LINK.to} end>
                {EVALUATE_LINK.label}
              </NavLink>
              <Link to="/evaluations/create">New Evaluation</Link>
              {links.map((link) => (
                <NavLink key={link.label} to={link.to}>
                  {link.label}
                </NavLink>
              ))}
              <button type="button" onClick={doSignOut}>
                Sign out
              </button>
            </>
          ) : (
            <button type="button" onClick={() => setSigningIn(true)}>
              Sign in
            </button>
          )}
        </nav>
      )}
      {signingIn && <SignInModal onClose={() => setSigningIn(false)} />}
    </header>
  );
}
