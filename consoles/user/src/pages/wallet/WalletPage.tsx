import { useState } from 'react';
import { AutoRechargePanel } from './AutoRechargePanel';
import { PurchaseModal } from './PurchaseModal';
import { Transactions } from './Transactions';
import { useWallet, useWalletContext } from './useWallet';
import { BalanceCards, BonusBanner, ContextTabs } from './WalletParts';
import './wallet.css';

/** Wallet Dashboard (spec 001 sections 2.3 and 4). */
export function WalletPage() {
  const { wallet, walletError, zeroBalance, refreshKey, loadWallet } = useWallet();
  const { context, switching, switchError, switchTo, showTabs } = useWalletContext(loadWallet);
  const [purchasing, setPurchasing] = useState(false);

  return (
    <section className="page wallet-page">
      <div className="page-head">
        <h1>Wallet</h1>
        {showTabs && (
          <ContextTabs context={context} switching={switching} onSwitch={(next) => void switchTo(next)} />
        )}
      </div>
      {switchError && (
        <p className="form-error" role="alert">
          {switchError}
        </p>
      )}
      {walletError && (
        <div className="banner banner-red" role="alert">
          <strong>{walletError}</strong>{' '}
          <button type="button" className="button" onClick={() => void loadWallet()}>
            Retry
          </button>
        </div>
      )}
      {!wallet && !walletError && <p className="page-loading">Loading...</p>}
      {wallet && (
        <>
          <BonusBanner claimed={wallet.bonus_claimed} zeroBalance={zeroBalance} />
          <div className="wallet-layout">
            <div className="wallet-main">
              <BalanceCards wallet={wallet} onPurchase={() => setPurchasing(true)} />
              <Transactions refreshKey={refreshKey} />
            </div>
            <aside className="wallet-side">
              <AutoRechargePanel />
            </aside>
          </div>
        </>
      )}
      {purchasing && (
        <PurchaseModal onClose={() => setPurchasing(false)} onSuccess={() => void loadWallet()} />
      )}
    </section>
  );
}
