import { Alert, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Loading, useDataProvider, useRecordContext } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { AccountContext, AdminDataProvider } from '../providers/dataProvider';
import { AccountLedgerTable } from './AccountLedger';
import { PersonBalanceCards, TieOut } from './PersonBalances';

const CONTEXTS: AccountContext[] = ['spending', 'earning'];

/**
 * A person's balances and, for the account chosen (`?account=` in the URL, so an event page can
 * link back to it), every posting with its running balance, checked against the wallet.
 */
export function TieOutPanel() {
  const record = useRecordContext<{ id: string }>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [search, setSearch] = useSearchParams();
  const context: AccountContext = search.get('account') === 'earning' ? 'earning' : 'spending';
  const userId = record?.id ?? '';
  const balances = useQuery({
    queryKey: ['users', userId, 'balances'],
    queryFn: () => dataProvider.personBalances(userId),
    enabled: Boolean(userId),
  });
  const ledger = useQuery({
    queryKey: ['users', userId, 'ledger', context],
    queryFn: () => dataProvider.personLedger(userId, context),
    enabled: Boolean(userId),
  });
  if (!record) return null;
  if (balances.isError || ledger.isError) return <Alert severity="error">Failed to load the ledger</Alert>;
  if (balances.isPending) return <Loading />;
  const entries = ledger.data ?? [];
  const wallet = balances.data[context].available;
  return (
    <Stack spacing={2} sx={{ width: '100%' }}>
      <PersonBalanceCards balances={balances.data} />
      <Typography variant="h6" component="h2">
        Ledger
      </Typography>
      <Tabs
        value={context}
        onChange={(_, next: AccountContext) => setSearch({ account: next }, { replace: true })}
        aria-label="Account"
      >
        {CONTEXTS.map((value) => (
          <Tab
            key={value}
            value={value}
            label={value === 'spending' ? 'Spending account' : 'Earning account'}
          />
        ))}
      </Tabs>
      {ledger.isPending ? (
        <Loading />
      ) : (
        <>
          <TieOut ledgerEnd={entries.at(-1)?.after.available ?? 0} wallet={wallet} />
          <AccountLedgerTable key={context} entries={entries} label={`${context} ledger`} />
        </>
      )}
    </Stack>
  );
}
