import {
  Alert,
  Box,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Grid,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Loading, Title, useAuthenticated, useDataProvider } from 'react-admin';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCredits, formatUsdFromCredits } from '../common/credits';
import type { AdminDataProvider } from '../providers/dataProvider';
import { evenTicks } from './evenTicks';
import { ProjectionsCard } from './ProjectionsCard';
import { StatusChip } from '../common/StatusChip';

/**
 * Finance dashboard: the ledger invariants of `npm run audit`, the projections' health, platform fee revenue, credits
 * outstanding per account kind, and purchases reconciled with Stripe (every mismatch listed).
 */
export function Dashboard() {
  useAuthenticated();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const audit = useQuery({ queryKey: ['finance', 'audit'], queryFn: () => dataProvider.financeAudit() });
  const summary = useQuery({
    queryKey: ['finance', 'summary'],
    queryFn: () => dataProvider.financeSummary(),
  });

  if (audit.isPending || summary.isPending) return <Loading />;
  if (audit.isError || summary.isError) {
    return <Alert severity="error">Failed to load the finance figures</Alert>;
  }
  const report = audit.data;
  const figures = summary.data;
  const outstanding = (['spending', 'earning'] as const).map((kind) => ({
    kind,
    posted: figures.credits_outstanding[kind].posted_credits,
    pending: figures.credits_outstanding[kind].pending_credits,
  }));
  const platform = Object.entries(figures.platform_accounts).map(([account, value]) => ({
    account,
    posted: value.posted_credits,
  }));
  const platformAxis = evenTicks(platform.map((row) => row.posted));
  const outstandingAxis = evenTicks(outstanding.flatMap((row) => [row.posted, row.pending]));
  const reconciliation = report.stripe_reconciliation;
  // The books can be right while a projection is stopped or behind (the audit's last check).
  const booksBalance = report.checks.every((check) => check.ok || check.name === 'projections_running');

  return (
    <Box sx={{ p: 2 }}>
      <Title title="Finance" />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
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
                {report.events_checked} events, {report.money_events} money events, {report.postings}{' '}
                postings, {report.accounts} accounts checked up to position {report.head_position}.
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
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Stack spacing={2}>
            <Card>
              <CardHeader title="Platform fee revenue" />
              <CardContent>
                <Typography variant="h4">{formatUsdFromCredits(figures.fee_revenue_credits)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {formatCredits(figures.fee_revenue_credits)} in platform:fees
                </Typography>
              </CardContent>
            </Card>
            <Card>
              <CardHeader title="Purchases" />
              <CardContent>
                <Typography variant="body1">
                  {figures.purchases.count} purchases,{' '}
                  {figures.purchases.amount_usd.toLocaleString('en-US', {
                    style: 'currency',
                    currency: 'USD',
                  })}
                  , {formatCredits(figures.purchases.credits)}
                </Typography>
              </CardContent>
            </Card>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card>
            <CardHeader title="Credits outstanding per account kind" />
            <CardContent sx={{ height: 280 }}>
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={outstanding}>
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis dataKey="kind" />
                  <YAxis
                    domain={outstandingAxis.domain}
                    ticks={outstandingAxis.ticks}
                    interval={0}
                    width={72}
                    tickFormatter={(value: number) => value.toLocaleString('en-US')}
                  />
                  <Tooltip />
                  <Legend />
                  <Bar dataKey="posted" name="Posted credits" fill="#1976d2" isAnimationActive={false} />
                  <Bar dataKey="pending" name="Pending credits" fill="#ffa000" isAnimationActive={false} />
                </BarChart>
              </ResponsiveContainer>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card>
            <CardHeader
              title="Platform accounts"
              subheader="Balances in credits; a negative balance is credits issued"
            />
            <CardContent sx={{ height: 280 }}>
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={platform} layout="vertical" margin={{ left: 60, right: 32 }}>
                  <CartesianGrid strokeDasharray="3 3" />
                  {/* Platform accounts are mostly sources (negative): keep zero in view. */}
                  <XAxis
                    type="number"
                    domain={platformAxis.domain}
                    ticks={platformAxis.ticks}
                    interval={0}
                    tickFormatter={(value: number) => value.toLocaleString('en-US')}
                  />
                  <YAxis type="category" dataKey="account" width={120} />
                  <Tooltip />
                  <Bar dataKey="posted" name="Posted credits" fill="#7b1fa2" isAnimationActive={false} />
                </BarChart>
              </ResponsiveContainer>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={12}>
          <ProjectionsCard projections={report.projections} />
        </Grid>
        <Grid size={12}>
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
        </Grid>
      </Grid>
    </Box>
  );
}
