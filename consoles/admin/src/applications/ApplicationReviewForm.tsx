import type { TQualificationTier } from '@evalmarket/contracts';
import { Button, FormControl, InputLabel, MenuItem, Select, Stack, TextField } from '@mui/material';
import { REJECTION_REASON_MESSAGE, REJECTION_REASON_MIN_LENGTH } from '../common/messages';
import type { ApplicationReview } from './useApplicationReview';

/** Approve with a qualification tier, or reject with a reason long enough to be useful. */
export function ApplicationReviewForm({ review }: { review: ApplicationReview }) {
  const { tier, setTier, reason, setReason, busy, act } = review;
  const reasonTooShort = reason.trim().length < REJECTION_REASON_MIN_LENGTH;
  return (
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
  );
}
