import { Alert, Card, CardContent, Grid, Stack, Typography } from '@mui/material';
import { formatCredits, formatUsdFromCredits } from '../common/credits';
import type { AccountContext, PersonBalances } from '../providers/dataProvider';

const FIGURES = [
  ['available', 'Available'],
  ['pending', 'Pending (reserved)'],
  ['incoming', 'Incoming'],
  ['posted', 'Posted'],
] as const;

const TITLES: Record<AccountContext, string> = { spending: 'Spending balance', earning: 'Earning balance' };

/** The two wallets of a person as the ledger holds them (the read model of account_balances). */
export function PersonBalanceCards({ balances }: { balances: PersonBalances }) {
  return (
    <Grid container spacing={2}>
      {(['spending', 'earning'] as const).map((context) => {
        const figures = balances[context];
        return (
          <Grid key={context} size={{ xs: 12, md: 6 }}>
            <Card variant="outlined" component="section" aria-label={TITLES[context]}>
              <CardContent>
                <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
                  {TITLES[context]}
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                  {figures.account_id}
                </Typography>
                <Stack direction="row" spacing={3} sx={{ mt: 1, flexWrap: 'wrap' }}>
                  {FIGURES.map(([key, label]) => (
                    <Stack key={key} data-figure={key}>
                      <Typography variant="caption" color="text.secondary">
                        {label}
                      </Typography>
                      <Typography variant="body1" aria-label={`${TITLES[context]} ${label}`}>
                        {formatCredits(figures[key])}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {formatUsdFromCredits(figures[key])}
                      </Typography>
                    </Stack>
                  ))}
                </Stack>
              </CardContent>
            </Card>
          </Grid>
        );
      })}
    </Grid>
  );
}

/** Whether the ledger's last running balance is the balance the wallet holds: the tie-out. */
export function TieOut({ ledgerEnd, wallet }: { ledgerEnd: number; wallet: number }) {
  const tied = ledgerEnd === wallet;
  return (
    <Alert severity={tied ? 'success' : 'error'} role="status" aria-label="Tie-out">
      {tied
        ? `Ledger ends at ${formatCredits(ledgerEnd)} available = wallet balance ${formatCredits(wallet)}`
        : `Ledger ends at ${formatCredits(ledgerEnd)} available but the wallet holds ${formatCredits(wallet)}`}
    </Alert>
  );
}
