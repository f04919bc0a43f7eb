import {
  AUTO_RECHARGE_DEFAULT_PURCHASE_CREDITS,
  AUTO_RECHARGE_DEFAULT_THRESHOLD_CREDITS,
} from '@evalmarket/contracts';
import { useState } from 'react';
import { formatCredits } from '../../format';
import { SaveCardForm } from '../../payments/SaveCardForm';
import type { SavedCard } from './useAutoRecharge';

/** The card auto-recharge charges: shown with a Remove button, or a form to add one. */
export function SavedCardSection({
  card,
  onRemove,
  onSaved,
  showDefaults,
}: {
  /** undefined while loading, null when none is saved. */
  card: SavedCard | null | undefined;
  onRemove: () => void;
  onSaved: () => void;
  showDefaults: boolean;
}) {
  const [adding, setAdding] = useState(false);
  return (
    <div className="saved-card">
      <h3>Payment Method</h3>
      {card === undefined && <p className="muted">Loading...</p>}
      {card && (
        <div className="card-summary">
          <span>
            <strong className="card-brand">{card.card_brand}</strong> •••• {card.card_last4}
            <span className="muted">
              {' '}
              Expires {String(card.card_exp_month).padStart(2, '0')}/{card.card_exp_year}
            </span>
          </span>
          <button type="button" className="button button-danger button-small" onClick={onRemove}>
            Remove Card
          </button>
        </div>
      )}
      {card === null && (
        <>
          <button
            type="button"
            className="button"
            aria-expanded={adding}
            onClick={() => setAdding((open) => !open)}
          >
            Add Payment Method
          </button>
          {adding && (
            <div className="add-card">
              <SaveCardForm
                setupPath="/api/v1/wallet/setup-payment-method"
                buttonLabel="Save Card"
                onSaved={() => {
                  setAdding(false);
                  onSaved();
                }}
              />
            </div>
          )}
        </>
      )}
      {showDefaults && (
        <p className="muted">
          Defaults: recharge {formatCredits(AUTO_RECHARGE_DEFAULT_PURCHASE_CREDITS)} credits when the balance
          falls below {formatCredits(AUTO_RECHARGE_DEFAULT_THRESHOLD_CREDITS)}.
        </p>
      )}
    </div>
  );
}
