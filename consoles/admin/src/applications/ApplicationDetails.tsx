import type { TEvaluatorApplicationItem, TQualificationTier } from '@evalmarket/contracts';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  InputLabel,
  Link,
  MenuItem,
  Select,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  TextField,
} from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import { StatusChip } from '../common/StatusChip';
import { CvButton } from './CvButton';
import { errorDetail } from '../common/httpError';
import {
  FAILED_TO_APPROVE,
  FAILED_TO_REJECT,
  REJECTION_REASON_MESSAGE,
  REJECTION_REASON_MIN_LENGTH,
} from '../common/messages';
import type { AdminDataProvider } from '../providers/dataProvider';

export function applicantName(record: TEvaluatorApplicationItem): string {
  return record.application_data?.imported_name || record.full_name || record.email || record.user_id;
}

export function formatReputation(score: number | null): string {
  return score === null ? '—' : score.toFixed(1);
}

function linkTo(url: string | null | undefined): ReactNode {
  return url ? (
    <Link href={url} target="_blank" rel="noreferrer">
      {url}
    </Link>
  ) : (
    '—'
  );
}

/** The detail modal of spec 001 section 2.12, with the review form for pending applications. */
export function ApplicationDetails({
  record,
  onClose,
}: {
  record: TEvaluatorApplicationItem;
  onClose: () => void;
}) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [tier, setTier] = useState<TQualificationTier>('community');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const data = record.application_data;
  const reasonTooShort = reason.trim().length < REJECTION_REASON_MIN_LENGTH;

  const rows: Array<[string, ReactNode]> = [
    ['Name', applicantName(record)],
    ['Email', record.email ?? '—'],
    ['LinkedIn email', data?.imported_email ?? '—'],
    ['LinkedIn member id', data?.linkedin_oauth?.linkedin_id ?? '—'],
    ['Status', <StatusChip key="status" status={record.evaluator_status} />],
    ['Application method', data?.method ?? record.application_method],
    ['LinkedIn profile URL', linkTo(data?.linkedin_oauth?.profile_url)],
    ['LinkedIn URL', linkTo(data?.linkedin_url)],
    ['Indeed URL', linkTo(data?.indeed_url)],
    ['CV', data?.cv_url ? <CvButton key="cv" cvUrl={data.cv_url} applicant={applicantName(record)} /> : '—'],
    ['Reputation', formatReputation(record.reputation_score)],
    ['Applied', new Date(record.applied_at).toLocaleString()],
  ];
  if (record.qualification_tier) rows.push(['Qualification tier', record.qualification_tier]);
  if (record.reviewed_at) rows.push(['Reviewed', new Date(record.reviewed_at).toLocaleString()]);
  if (record.rejection_reason) rows.push(['Rejection reason', record.rejection_reason]);

  async function act(kind: 'approve' | 'reject') {
    setBusy(true);
    setError(null);
    try {
      if (kind === 'approve') {
        await dataProvider.approveApplication(record.user_id, tier);
        notify('Application approved', { type: 'success' });
      } else {
        await dataProvider.rejectApplication(record.user_id, reason.trim());
        notify('Application rejected', { type: 'success' });
      }
      refresh();
      onClose();
    } catch (failure) {
      const message = kind === 'approve' ? FAILED_TO_APPROVE : FAILED_TO_REJECT;
      const detail = errorDetail(failure);
      setError(detail ? `${message}: ${detail}` : message);
      notify(message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="application-details-title">
      <DialogTitle id="application-details-title">Application details</DialogTitle>
      <DialogContent dividers>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <Table size="small">
          <TableBody>
            {rows.map(([label, value]) => (
              <TableRow key={label}>
                <TableCell component="th" sx={{ fontWeight: 600, width: 200 }}>
                  {label}
                </TableCell>
                <TableCell>{value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {record.evaluator_status === 'pending' && (
          <Stack spacing={2} sx={{ mt: 3 }}>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <FormControl size="small" sx={{ minWidth: 220 }}>
                <InputLabel id="tier-label">Qualification tier</InputLabel>
                <Select
                  labelId="tier-label"
                  label="Qualification tier"
                  value={tier}
                  onChange={(event) => setTier(event.target.value as TQualificationTier)}
                >
                  <MenuItem value="community">Community</MenuItem>
                  <MenuItem value="expert">Expert</MenuItem>
                </Select>
              </FormControl>
              <Button variant="contained" color="success" disabled={busy} onClick={() => act('approve')}>
                Approve
              </Button>
            </Stack>
            <TextField
              label="Rejection reason"
              multiline
              minRows={3}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              error={reason.length > 0 && reasonTooShort}
              helperText={reason.length > 0 && reasonTooShort ? REJECTION_REASON_MESSAGE : ' '}
            />
            <Stack direction="row">
              <Button
                variant="contained"
                color="error"
                disabled={busy || reasonTooShort}
                onClick={() => act('reject')}
              >
                Reject
              </Button>
            </Stack>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
