import type { TUserAccountKind, TWalletReply } from '@evalmarket/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { creditsToUsd, formatCredits } from '../../format';

/** The wallet page's pieces: the context tabs, the first-project bonus banner and the balance cards. */

export function ContextTabs({
  context,
  switching,
  onSwitch,
}: {
  context: TUserAccountKind;
  switching: boolean;
  onSwitch: (next: TUserAccountKind) => void;
}) {
  return (
    <div className="context-tabs" role="tablist" aria-label="Wallet context">
      {(['spending', 'earning'] as const).map((tab) => (
        <button
          key={tab}
          type="button"
          role="tab"
          aria-selected={context === tab}
          className={`context-tab ${context === tab ? 'context-tab-active' : ''}`}
          disabled={switching}
          onClick={() => onSwitch(tab)}
        >
          {tab === 'spending' ? 'Spending' : 'Earning'}
        </button>
      ))}
    </div>
  );
}

/** Bonus claimed, or (with nothing in the wallet) the offer, until it is dismissed. */
export function BonusBanner({ claimed, zeroBalance }: { claimed: boolean; zeroBalance: boolean }) {
  const [dismissed, setDismissed] = useState(false);
  if (claimed)
    return (
      <div className="banner banner-green bonus-banner" role="status">
        <strong>Bonus Claimed! 5,000 Credits Added</strong>
        <p>Your first-project bonus is in your credit balance. Credits never expire.</p>
      </div>
    );
  if (!zeroBalance || dismissed) return null;
  return (
    <div className="banner bonus-banner bonus-offer" role="region" aria-label="First project bonus">
      <button
        type="button"
        className="modal-close"
        aria-label="Dismiss bonus banner"
        onClick={() => setDismissed(true)}
      >
        ×
      </button>
      <h2>Get 5,000 Free Credits!</h2>
      <p>Start your first evaluation project and we add 5,000 credits to your wallet.</p>
      <ul>
        <li>5,000 credits = $5.00 USD value</li>
        <li>No expiration</li>
        <li>No trial limitations</li>
      </ul>
      <Link to="/evaluations/new" className="button button-primary">
        Start First Project
      </Link>
    </div>
  );
}

export function BalanceCards({ wallet, onPurchase }: { wallet: TWalletReply; onPurchase: () => void }) {
  return (
    <div className="balance-cards">
      <article className="panel balance-card" aria-labelledby="credit-balance-title">
        <h2 id="credit-balance-title">Credit Balance</h2>
        <p className="balance-amount">{formatCredits(wallet.spending_balance)} credits</p>
        <p className="balance-usd">{creditsToUsd(wallet.spending_balance)} USD</p>
        <p className="muted">1 USD = 1,000 credits</p>
        <button type="button" className="button button-primary" onClick={onPurchase}>
          Purchase Credits
        </button>
      </article>
      <article className="panel balance-card" aria-labelledby="earning-balance-title">
        <h2 id="earning-balance-title">Earning Balance</h2>
        <p className="balance-amount">{formatCredits(wallet.earning_balance)} credits</p>
        <p className="balance-usd">{creditsToUsd(wallet.earning_balance)} USD</p>
        <p className="muted">From expert reviews</p>
        {wallet.pending_balance > 0 && (
          <p className="muted">Pending: {formatCredits(wallet.pending_balance)} credits</p>
        )}
      </article>
    </div>
  );
}
