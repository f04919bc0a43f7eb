import { Card, CardContent, CardHeader, Stack, Typography } from '@mui/material';
import { formatCredits, formatUsdFromCredits } from '../common/credits';
import type { FinanceSummary } from '../providers/dataProvider';

/** The two headline totals: platform fee revenue and all card purchases. */
export function RevenueAndPurchasesCards({ figures }: { figures: FinanceSummary }) {
  return (
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
  );
}
