import {
  Alert,
  Box,
  Link as MuiLink,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { accountName } from '../common/PersonField';
import type { LedgerEntry } from '../providers/dataProvider';

const ROWS_PER_PAGE = 50;
const number = (value: number) => value.toLocaleString('en-US');

/** What a posting does to the account, from its side and phase (see packages/ledger applyPosting). */
function movement(entry: LedgerEntry): string {
  const sign = entry.side === 'credit' ? '+' : '−';
  const what: Record<LedgerEntry['phase'], string> = {
    posted: '',
    pending: ' reserved',
    post_pending: ' settled',
    void_pending: ' released',
  };
  return `${sign}${number(entry.amount)}${what[entry.phase]}`;
}

/**
 * One account's postings in log order with the balances after each, every row linked to its
 * event. Paged here: the whole ledger is loaded so the running balance is the ledger's own.
 */
export function AccountLedgerTable({ entries, label }: { entries: LedgerEntry[]; label: string }) {
  const lastPage = Math.max(0, Math.ceil(entries.length / ROWS_PER_PAGE) - 1);
  const [page, setPage] = useState(lastPage);
  if (entries.length === 0) return <Alert severity="info">No postings on this account yet</Alert>;
  const shown = entries.slice(page * ROWS_PER_PAGE, (page + 1) * ROWS_PER_PAGE);
  return (
    <Box>
      <Table size="small" aria-label={label} sx={{ tableLayout: 'fixed', width: '100%' }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: '26%' }}>Event</TableCell>
            <TableCell sx={{ width: '15%' }}>Recorded</TableCell>
            <TableCell sx={{ width: '19%' }}>Posting</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell align="right">Available</TableCell>
            <TableCell align="right">Pending</TableCell>
            <TableCell align="right">Posted</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {shown.map((entry) => (
            <TableRow key={entry.cursor} data-cursor={entry.cursor}>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                <MuiLink
                  component={Link}
                  to={`/events/${entry.global_position}/show`}
                  aria-label={`Event ${entry.global_position}`}
                >
                  #{entry.global_position} {entry.event_type}
                </MuiLink>
                <Typography
                  variant="caption"
                  component="div"
                  color="text.secondary"
                  sx={{ fontFamily: 'monospace' }}
                >
                  {entry.hash.slice(0, 12)}
                </Typography>
              </TableCell>
              <TableCell>{entry.recorded_at ? new Date(entry.recorded_at).toLocaleString() : '—'}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                {entry.code} · {entry.phase}
                <Typography variant="caption" component="div" color="text.secondary">
                  {entry.side === 'debit' ? 'to' : 'from'}{' '}
                  {accountName(entry.counter_account, entry.counter_owner)}
                </Typography>
              </TableCell>
              <TableCell align="right">{movement(entry)}</TableCell>
              <TableCell align="right" data-column="available">
                {number(entry.after.available)}
              </TableCell>
              <TableCell align="right">{number(entry.after.pending)}</TableCell>
              <TableCell align="right">{number(entry.after.posted)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {entries.length > ROWS_PER_PAGE && (
        <TablePagination
          component="div"
          count={entries.length}
          page={page}
          rowsPerPage={ROWS_PER_PAGE}
          rowsPerPageOptions={[ROWS_PER_PAGE]}
          onPageChange={(_, next) => setPage(next)}
        />
      )}
    </Box>
  );
}
