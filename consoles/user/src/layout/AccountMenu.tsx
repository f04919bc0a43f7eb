import { useEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { AccountWho } from './AccountWho';
import type { SignedInAccount } from './SignedInAccount';

/**
 * The account button and its dropdown. The dropdown closes on navigation, on a click outside it
 * and on Escape.
 */
export function AccountMenu({ account }: { account: SignedInAccount }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const menu = useRef<HTMLDivElement>(null);

  useEffect(() => {
    setMenuOpen(false);
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

  return (
    <div className="account-menu" ref={menu}>
      <button
        type="button"
        className="button account-button"
        aria-haspopup="menu"
        aria-expanded={menuOpen}
        onClick={() => setMenuOpen((open) => !open)}
      >
        {account.label} ▾
      </button>
      {menuOpen && (
        <div className="account-dropdown" role="menu">
          <AccountWho account={account} />
          {account.links.map((link) => (
            <NavLink key={link.label} to={link.to} role="menuitem">
              {link.label}
            </NavLink>
          ))}
          <button type="button" role="menuitem" onClick={account.signOut}>
            Sign out
          </button>
        </div>
      )}
    </div>
  );
}
