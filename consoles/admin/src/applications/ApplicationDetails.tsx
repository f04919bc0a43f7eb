import type { TEvaluatorApplicationItem } from '@evalmarket/contracts';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { ApplicationFacts } from './ApplicationFacts';
import { ApplicationReviewForm } from './ApplicationReviewForm';
import { useApplicationReview } from './useApplicationReview';

/** The detail modal of spec 001 section 2.12, with the review form for pending applications. */
export function ApplicationDetails({
  record,
  onClose,
}: {
  record: TEvaluatorApplicationItem;
  onClose: () => void;
}) {
  const review = useApplicationReview(record, onClose);
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="application-details-title">
      <DialogTitle id="application-details-title">Application details</DialogTitle>
      <DialogContent dividers>
        {review.error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {review.error}
          </Alert>
        )}
        <ApplicationFacts record={record} />
        {record.evaluator_status === 'pending' && <ApplicationReviewForm review={review} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
