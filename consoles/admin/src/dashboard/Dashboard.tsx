import { Alert, Box, Grid } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Loading, Title, useAuthenticated, useDataProvider } from 'react-admin';
import type { AdminDataProvider } from '../providers/dataProvider';
import { LedgerInvariantsCard } from './LedgerInvariantsCard';
import { OutstandingCreditsChart } from './OutstandingCreditsChart';
import { PlatformAccountsChart } from './PlatformAccountsChart';
import { ProjectionsCard } from './ProjectionsCard';
import { RevenueAndPurchasesCards } from './RevenueAndPurchasesCards';
import { StripeReconciliationCard } from './StripeReconciliationCard';

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

  return (
    <Box sx={{ p: 2 }}>
      <Title title="Finance" />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <LedgerInvariantsCard report={report} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <RevenueAndPurchasesCards figures={figures} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <OutstandingCreditsChart figures={figures} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <PlatformAccountsChart figures={figures} />
        </Grid>
        <Grid size={12}>
          <ProjectionsCard projections={report.projections} />
        </Grid>
        <Grid size={12}>
          <StripeReconciliationCard reconciliation={report.stripe_reconciliation} />
        </Grid>
      </Grid>
    </Box>
  );
}
