import {
  Alert,
  Button,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { defaultReport } from './statement-rules';
import { Loading, useDataProvider, useRecordContext } from 'react-admin';
import { formatCredits, formatUsdFromCredits } from '../common/credits';
import type {
  AdminDataProvider,
  PersonStatement,
  StatementPeriod,
  StatementReport,
} from '../providers/dataProvider';

const REPORTS: Array<[StatementReport, string]> = [
  ['statement', 'Earnings statement'],
  ['tax_summary', 'Tax summary'],
  ['report', 'Spending report'],
  ['invoices', 'Invoices'],
];
const PERIODS: Array<[StatementPeriod, string]> = [
  ['7d', 'Last 7 days'],
  ['30d', 'Last 30 days'],
  ['90d', 'Last 90 days'],
  ['1y', 'Last year'],
  ['all', 'All time'],
];

function StatementFigures({ statement }: { statement: PersonStatement }) {
  return (
    <Stack spacing={1} component="section" aria-label={statement.title}>
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        {statement.title} · {statement.prepared_for}
      </Typography>
      <Typography variant="body2">
        Period: {statement.period} ({statement.start.slice(0, 10)} to {statement.end.slice(0, 10)})
      </Typography>
      <Table size="small" aria-label="Summary" sx={{ maxWidth: 640 }}>
        <TableBody>
          {statement.summary.map((line) => (
            <TableRow key={line.label}>
              <TableCell component="th">{line.label}</TableCell>
              <TableCell>{line.value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Table size="small" aria-label="Statement lines" sx={{ tableLayout: 'fixed', width: '100%' }}>
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell>Description</TableCell>
            <TableCell>Status</TableCell>
            <TableCell align="right">Amount</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {statement.rows.map((row, index) => (
            <TableRow key={index}>
              <TableCell>{row.date}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.description}</TableCell>
              <TableCell>{row.status}</TableCell>
              <TableCell align="right">{formatCredits(row.amount_credits)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="body1" aria-label="Statement total">
        {statement.total_label}: {formatUsdFromCredits(statement.total_credits)} (
        {formatCredits(statement.total_credits)})
      </Typography>
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" href={statement.pdf_url} target="_blank" rel="noopener">
          Download PDF
        </Button>
        <Button variant="outlined" href={statement.csv_url} target="_blank" rel="noopener">
          Download CSV
        </Button>
      </Stack>
    </Stack>
  );
}

/** A labelled select of a few fixed choices. */
function Choice<T extends string>(props: {
  label: string;
  value: T;
  choices: Array<[T, string]>;
  onChange(value: T): void;
}) {
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value as T)}
    >
      {props.choices.map(([value, label]) => (
        <MenuItem key={value} value={value}>
          {label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * A person's statements as they download them: the earnings statement, tax summary, spending
 * report or invoices of a period, with the same PDF and CSV.
 */
export function StatementPanel() {
  const record = useRecordContext<{ id: string; evaluator_status?: string | null }>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [report, setReport] = useState<StatementReport>(() => defaultReport(record ?? {}));
  const [period, setPeriod] = useState<StatementPeriod>('30d');
  const userId = record?.id ?? '';
  const statement = useQuery({
    queryKey: ['users', userId, 'statement', report, period],
    queryFn: () => dataProvider.personStatement(userId, report, period),
    enabled: Boolean(userId),
  });
  if (!record) return null;
  return (
    <Stack spacing={2} sx={{ width: '100%' }}>
      <Typography variant="h6" component="h2">
        Statements
      </Typography>
      <Stack direction="row" spacing={2}>
        <Choice<StatementReport> label="Report" value={report} choices={REPORTS} onChange={setReport} />
        <Choice<StatementPeriod> label="Period" value={period} choices={PERIODS} onChange={setPeriod} />
      </Stack>
      {statement.isError ? (
        <Alert severity="error">Failed to load the statement</Alert>
      ) : statement.isPending ? (
        <Loading />
      ) : (
        <StatementFigures statement={statement.data} />
      )}
    </Stack>
  );
}
