import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import type { InsufficientCredits } from './types';
import './evaluations.css';

const credits = (value: number) => value.toLocaleString('en-US');

/** Spec 000 "Insufficient Credits modal": shown when creation is refused with 402. */
export function InsufficientCreditsModal({
  detail,
  onClose,
}: {
  detail: InsufficientCredits;
  onClose: () => void;
}) {
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    cancel.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  const usd = (detail.credits_shortfall / 1000).toFixed(2);
  return (
    <div className="modal-backdrop" onClick={onClose}>
      <div
        className="modal credits-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="credits-modal-title"
        onClick={(event) => event.stopPropagation()}
      >
        <h2 id="credits-modal-title">Insufficient Credits</h2>
        <p>You don&apos;t have enough credits to activate this evaluation project.</p>
        <dl className="credits-facts">
          <div>
            <dt>Current balance</dt>
            <dd>{credits(detail.credits_current)} credits</dd>
          </div>
          <div>
            <dt>Required credits</dt>
            <dd>{credits(detail.credits_required)} credits</dd>
          </div>
          <div>
            <dt>Shortfall</dt>
            <dd>
              {credits(detail.credits_shortfall)} credits (≈ ${usd} USD)
            </dd>
          </div>
        </dl>
        <p className="muted">
          Tip: turn on auto-recharge in your wallet so your evaluations never stop for lack of credits.
        </p>
        <div className="modal-actions">
          <button ref={cancel} type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <Link to="/wallet/purchase" className="button button-primary">
            Purchase Credits
          </Link>
        </div>
        <p className="muted">Questions about credits? Contact our support team.</p>
      </div>
    </div>
  );
}
