import {
  Card,
  CardContent,
  CardHeader,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { FinanceAudit } from '../providers/dataProvider';

/** Purchases reconciled with Stripe: how many payments were checked, and every mismatch. */
export function StripeReconciliationCard({
  reconciliation,
}: {
  reconciliation: FinanceAudit['stripe_reconciliation'];
}) {
  return (
    <Card>
      <CardHeader
        title="Purchases reconciled with Stripe"
        action={
          <Chip
            color={reconciliation.ok ? 'success' : 'error'}
            label={reconciliation.ok ? 'Reconciled' : `${reconciliation.mismatches.length} mismatches`}
          />
        }
      />
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {reconciliation.checked} payments checked
          {reconciliation.error ? ` (${reconciliation.error})` : ''}.
        </Typography>
        {reconciliation.mismatches.length > 0 && (
          <Table size="small" aria-label="Stripe mismatches">
            <TableHead>
              <TableRow>
                <TableCell>#</TableCell>
                <TableCell>Mismatch</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {reconciliation.mismatches.map((mismatch, index) => (
                <TableRow key={index}>
                  <TableCell>{index + 1}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>
                    {typeof mismatch === 'string' ? mismatch : JSON.stringify(mismatch)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
