import {
  Box,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import type { FinanceAudit } from '../providers/dataProvider';
import { StatusChip } from '../common/StatusChip';

/** The ledger invariants of `npm run audit`: each check, its failures, and what was checked. */
export function LedgerInvariantsCard({ report }: { report: FinanceAudit }) {
  // The books can be right while a projection is stopped or behind (the audit's last check).
  const booksBalance = report.checks.every((check) => check.ok || check.name === 'projections_running');
  return (
    <Card>
      <CardHeader
        title="Ledger invariants"
        action={
          <Chip
            color={report.ok ? 'success' : 'error'}
            label={
              report.ok
                ? 'All checks pass'
                : booksBalance
                  ? 'Projection stopped or behind'
                  : 'Invariant broken'
            }
          />
        }
      />
      <CardContent>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {report.events_checked} events, {report.money_events} money events, {report.postings} postings,{' '}
          {report.accounts} accounts checked up to position {report.head_position}.
        </Typography>
        <Table size="small">
          <TableBody>
            {report.checks.map((check) => (
              <TableRow key={check.name}>
                <TableCell>
                  <StatusChip status={check.ok ? 'ok' : 'failed'} />
                </TableCell>
                <TableCell>
                  {check.title}
                  {check.failures.length > 0 && (
                    <Box component="ul" sx={{ m: 0, pl: 2 }}>
                      {check.failures.map((failure) => (
                        <li key={failure}>{failure}</li>
                      ))}
                    </Box>
                  )}
                </TableCell>
                <TableCell>{check.summary}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
