import {
  Alert,
  Box,
  Link as MuiLink,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Show, useDataProvider, useRecordContext } from 'react-admin';
import { accountName } from '../common/PersonField';
import { Link } from 'react-router-dom';
import type { AdminDataProvider, EventLinks } from '../providers/dataProvider';
import { EventDetails } from './EventList';
import type { ExportedEvent } from './exportEvents';
import { accountLink, filterLink } from './links';

interface Posting {
  transfer_id: string;
  debit: string;
  credit: string;
  amount: number;
  code: string;
  phase: string;
}

type AccountOwners = EventLinks['accounts'];

/** An account named by its owner, linked to its ledger; its id stays its accessible name. */
function AccountRef({ account, owners }: { account: string; owners: AccountOwners }) {
  const owner = owners.find((entry) => entry.account === account)?.owner;
  return (
    <MuiLink
      component={Link}
      to={accountLink(account)}
      aria-label={account}
      sx={{ overflowWrap: 'anywhere' }}
    >
      {accountName(account, owner)}
    </MuiLink>
  );
}

function Postings({ postings, owners }: { postings: Posting[]; owners: AccountOwners }) {
  if (postings.length === 0) return <Typography variant="body2">No postings</Typography>;
  return (
    <Table size="small" aria-label="Postings" sx={{ tableLayout: 'fixed', width: '100%' }}>
      <TableHead>
        <TableRow>
          <TableCell>Debit</TableCell>
          <TableCell>Credit</TableCell>
          <TableCell align="right">Amount</TableCell>
          <TableCell>Code · phase</TableCell>
          <TableCell>Transfer</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {postings.map((posting, index) => (
          <TableRow key={`${posting.transfer_id}-${index}`}>
            <TableCell>
              <AccountRef account={posting.debit} owners={owners} />
            </TableCell>
            <TableCell>
              <AccountRef account={posting.credit} owners={owners} />
            </TableCell>
            <TableCell align="right">{posting.amount.toLocaleString('en-US')}</TableCell>
            <TableCell>
              {posting.code} · {posting.phase}
            </TableCell>
            <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
              {posting.transfer_id}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline' }}>
      <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 140 }}>
        {label}
      </Typography>
      <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>{children}</Box>
    </Stack>
  );
}

function Linked({ links }: { links: EventLinks }) {
  return (
    <Stack spacing={1}>
      <Row label="People">
        {links.people.length === 0
          ? '—'
          : links.people.map((person) => (
              <div key={`${person.role}-${person.id}`}>
                {person.role}:{' '}
                <MuiLink component={Link} to={`/users/${encodeURIComponent(person.id)}/show`}>
                  {person.name ? `${person.name} (${person.email})` : (person.email ?? person.id)}
                </MuiLink>
              </div>
            ))}
      </Row>
      <Row label="Evaluation">
        {links.evaluation ? (
          <MuiLink component={Link} to={filterLink('evaluations', { id: links.evaluation.id })}>
            {links.evaluation.title ?? links.evaluation.id}
          </MuiLink>
        ) : (
          '—'
        )}
      </Row>
      <Row label="Stripe">
        {links.stripe_objects.length === 0
          ? '—'
          : links.stripe_objects.map((object) => (
              <div key={object.id}>
                {object.kind.replace(/_/g, ' ')}: <code>{object.id}</code>
              </div>
            ))}
      </Row>
    </Stack>
  );
}

function EventPage() {
  const record = useRecordContext<ExportedEvent & { metadata: unknown }>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const links = useQuery({
    queryKey: ['events', record?.global_position, 'links'],
    queryFn: () => dataProvider.eventLinks(record!.global_position),
    enabled: Boolean(record),
  });
  if (!record) return null;
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Typography variant="h6" component="h2">
        #{record.global_position} {record.type}
      </Typography>
      <Row label="Stream">
        <MuiLink component={Link} to={filterLink('events', { stream_id: record.stream_id })}>
          {record.stream_id}
        </MuiLink>{' '}
        v{record.stream_version}
      </Row>
      <Row label="Recorded">{record.recorded_at ? new Date(record.recorded_at).toLocaleString() : '—'}</Row>
      <Row label="Hash">
        <code aria-label="Event hash">{record.hash}</code>
      </Row>
      {links.isError ? (
        <Alert severity="error">Failed to load what this event links to</Alert>
      ) : links.data ? (
        <Linked links={links.data} />
      ) : null}
      <Typography variant="subtitle2">Postings</Typography>
      <Postings postings={record.postings as Posting[]} owners={links.data?.accounts ?? []} />
      <EventDetails postings={false} />
    </Stack>
  );
}

/** One event: its postings (each account linked to its ledger), people, evaluation and Stripe objects. */
export function EventShow() {
  return (
    <Show title="Event">
      <EventPage />
    </Show>
  );
}
