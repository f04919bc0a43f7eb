import type { JsonReply } from '@evalmarket/api-client';
import { REFUND_REASONS } from '@evalmarket/contracts';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { errorDetail } from '../common/httpError';
import type { AdminDataProvider } from '../providers/dataProvider';

type StaffPurchase = JsonReply<'getAdminPurchasesById'>;

const REASON_LABELS: Record<(typeof REFUND_REASONS)[number], string> = {
  requested_by_customer: 'Requested by customer',
  duplicate: 'Duplicate',
  fraudulent: 'Fraudulent',
};

/** USD left to refund: 10 credits are a cent. */
export function refundableUsd(purchase: Pick<StaffPurchase, 'credits' | 'refunded_credits'>): number {
  return Math.floor((purchase.credits - purchase.refunded_credits) / 10) / 100;
}

/**
 * Refund a purchase, whole or in part, through Stripe (the API calls refunds.create). One
 * Idempotency-Key per opened dialog: a retried click is the same refund, never a second one.
 */
export function RefundButton() {
  const record = useRecordContext<StaffPurchase>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState<(typeof REFUND_REASONS)[number]>('requested_by_customer');
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const left = refundableUsd(record);
  if (left <= 0) return <span>Refunded</span>;

  function start() {
    setAmount(left.toFixed(2));
    setReason('requested_by_customer');
    setKey(crypto.randomUUID());
    setOpen(true);
  }

  async function submit() {
    setBusy(true);
    try {
      const amountUsd = Number(amount);
      const reply = await dataProvider.refundPurchase(
        record!.purchase_id,
        { amount_usd: amountUsd, reason },
        key,
      );
      notify(
        reply.recovered_credits === null
          ? `Refund of $${reply.amount_usd.toFixed(2)} is pending at Stripe`
          : `Refunded $${reply.amount_usd.toFixed(2)}: ${reply.recovered_credits.toLocaleString('en-US')} credits recovered, ${(reply.shortfall_credits ?? 0).toLocaleString('en-US')} already spent`,
        { type: 'success' },
      );
      setOpen(false);
      refresh();
    } catch (failure) {
      notify(errorDetail(failure) ?? 'Refund failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button size="small" variant="outlined" color="error" onClick={start}>
        Refund
      </Button>
      <Dialog open={open} onClose={() => !busy && setOpen(false)} aria-labelledby="refund-title">
        <DialogTitle id="refund-title">Refund purchase</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {record.purchase_id}: ${record.amount_usd.toFixed(2)} paid, ${left.toFixed(2)} left to refund.
            Stripe returns the money to the card; unspent credits are taken back and the rest is recorded as
            already spent.
          </DialogContentText>
          <Stack spacing={2} sx={{ mt: 2 }}>
            <TextField
              label="Amount (USD)"
              type="number"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              slotProps={{ htmlInput: { min: 0.01, max: left, step: 0.01 } }}
            />
            <TextField
              select
              label="Reason"
              value={reason}
              onChange={(event) => setReason(event.target.value as typeof reason)}
            >
              {REFUND_REASONS.map((value) => (
                <MenuItem key={value} value={value}>
                  {REASON_LABELS[value]}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={busy}>
            Cancel
          </Button>
          <Button variant="contained" color="error" onClick={() => void submit()} disabled={busy}>
            {busy ? 'Refunding...' : 'Refund'}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
