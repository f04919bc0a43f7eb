import {
  AUTO_RECHARGE_MINIMUM_PURCHASE_CREDITS,
  AUTO_RECHARGE_PURCHASE_STEP_CREDITS,
} from '@evalmarket/contracts';
import type { FormEvent } from 'react';
import { creditsToUsd } from '../../format';
import type { RechargeForm } from './useAutoRecharge';

/** The on/off switch and, when on, the threshold and purchase amount with their dollar values. */
export function AutoRechargeForm({
  form,
  problem,
  canSave,
  saving,
  onSubmit,
}: {
  form: RechargeForm;
  problem: string | undefined;
  canSave: boolean;
  saving: boolean;
  onSubmit: (event: FormEvent) => void;
}) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <label className="toggle">
        <input
          type="checkbox"
          checked={form.enabled}
          onChange={(event) => form.setEnabled(event.target.checked)}
        />
        Enable Auto-Recharge
      </label>
      {form.enabled && (
        <>
          <label htmlFor="ar-threshold">Recharge when balance falls below (credits)</label>
          <input
            id="ar-threshold"
            type="number"
            min={1}
            value={form.threshold}
            onChange={(event) => form.setThreshold(event.target.value)}
          />
          <p className="muted">{creditsToUsd(Number(form.threshold) || 0)}</p>
          <label htmlFor="ar-purchase">Purchase amount (credits)</label>
          <input
            id="ar-purchase"
            type="number"
            min={AUTO_RECHARGE_MINIMUM_PURCHASE_CREDITS}
            step={AUTO_RECHARGE_PURCHASE_STEP_CREDITS}
            value={form.purchase}
            onChange={(event) => form.setPurchase(event.target.value)}
          />
          <p className="muted">{creditsToUsd(Number(form.purchase) || 0)}</p>
          {problem && (
            <p className="form-error" role="alert">
              {problem}
            </p>
          )}
        </>
      )}
      <button type="submit" className="button button-primary auto-recharge-save" disabled={!canSave}>
        {saving ? 'Saving...' : 'Save Settings'}
      </button>
    </form>
  );
}
