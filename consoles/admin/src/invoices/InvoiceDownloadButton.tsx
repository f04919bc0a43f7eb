import type { JsonReply } from '@evalmarket/api-client';
import Download from '@mui/icons-material/Download';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify, useRecordContext } from 'react-admin';
import { errorDetail } from '../common/httpError';
import type { AdminDataProvider } from '../providers/dataProvider';

type StaffInvoice = JsonReply<'getAdminInvoicesById'>;

/** Saves the invoice's PDF (fetched with the staff member's token, so no link can leak it). */
export function InvoiceDownloadButton() {
  const record = useRecordContext<StaffInvoice>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  if (!record) return null;

  async function save() {
    setBusy(true);
    try {
      const pdf = await dataProvider.invoicePdf(record!.id);
      const url = URL.createObjectURL(pdf);
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download = `${record!.invoice_number}.pdf`;
      anchor.click();
      // Revoked after the click has started the download.
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch (failure) {
      notify(errorDetail(failure) ?? 'Invoice download failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button
      size="small"
      startIcon={<Download />}
      disabled={busy}
      onClick={() => void save()}
      aria-label={`Download ${record.invoice_number}`}
    >
      PDF
    </Button>
  );
}
