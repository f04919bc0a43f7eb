import { useElements, useStripe } from '@stripe/react-stripe-js';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { meetsMinimum, parseAmount, purchaseCredits, PURCHASE_SUCCESS_DELAY_MS } from './purchase';

export type PurchasePhase = 'idle' | 'processing' | 'success';

/**
 * The state and submit of a credit purchase form (the wallet modal and the purchase page share
 * it; each lays it out its own way): a preset or custom amount, the payment through Stripe
 * Elements, and what happens after success (immediately, then after the spec's 2 s).
 */
export function usePurchaseForm(options: {
  onAmount: (usd: number) => void;
  /** Right after the payment is confirmed. */
  onPaid?: () => void;
  /** PURCHASE_SUCCESS_DELAY_MS after the payment is confirmed. */
  afterSuccess: () => void;
  /** Shown when submitted below the minimum; without it the submit is simply ignored. */
  belowMinimumMessage?: string;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const [preset, setPreset] = useState<number | 'custom'>(50);
  const [custom, setCustom] = useState('');
  const [phase, setPhase] = useState<PurchasePhase>('idle');
  const [error, setError] = useState<string>();
  const timer = useRef<number>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const amountUsd = preset === 'custom' ? parseAmount(custom) : preset;
  const valid = meetsMinimum(amountUsd);
  const { onAmount } = options;
  useEffect(() => onAmount(amountUsd), [amountUsd, onAmount]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements || phase !== 'idle') return;
    if (!valid) {
      if (options.belowMinimumMessage) setError(options.belowMinimumMessage);
      return;
    }
    setPhase('processing');
    setError(undefined);
    try {
      await purchaseCredits(stripe, elements, amountUsd);
      setPhase('success');
      options.onPaid?.();
      timer.current = window.setTimeout(options.afterSuccess, PURCHASE_SUCCESS_DELAY_MS);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Purchase failed');
      setPhase('idle');
    }
  }

  return {
    preset,
    setPreset,
    custom,
    setCustom,
    phase,
    error,
    amountUsd,
    valid,
    submit,
    ready: Boolean(stripe && elements),
  };
}
