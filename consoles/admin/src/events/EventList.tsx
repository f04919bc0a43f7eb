import { Box, Button, Link as MuiLink, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import {
  DataTable,
  DateField,
  FilterButton,
  List,
  TopToolbar,
  useDataProvider,
  useListContext,
  useNotify,
  useRecordContext,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { JsonBlock } from '../common/JsonBlock';
import { PersonField } from '../common/PersonField';
import type { AdminDataProvider } from '../providers/dataProvider';
import { download, eventsToCsv, toNdjson, type ExportedEvent } from './exportEvents';
import { eventFilters } from './filters';
import { filterLink } from './links';
import { breakable } from '../common/theme';

function ExportButtons() {
  const { filterValues } = useListContext();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);

  async function run(format: 'ndjson' | 'csv') {
    setBusy(true);
    try {
      const events = (await dataProvider.getAll('events', filterValues)) as ExportedEvent[];
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      if (format === 'ndjson') download(toNdjson(events), `events-${stamp}.ndjson`, 'application/x-ndjson');
      else download(eventsToCsv(events), `events-${stamp}.csv`, 'text/csv');
      notify(`Exported ${events.length} events`, { type: 'info' });
    } catch {
      notify('Export failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <Button size="small" disabled={busy} onClick={() => run('ndjson')}>
        Export NDJSON
      </Button>
      <Button size="small" disabled={busy} onClick={() => run('csv')}>
        Export CSV
      </Button>
    </>
  );
}

function EventActions() {
  return (
    <TopToolbar>
      <FilterButton />
      <ExportButtons />
    </TopToolbar>
  );
}

const eventsWhere = (filter: Record<string, string>) => filterLink('events', filter);

/**
 * An event's payload, hashes and causation. `postings`: false where the page shows the postings
 * already (the event's own page has them as a table with linked accounts).
 */
export function EventDetails({ postings = true }: { postings?: boolean }) {
  const record = useRecordContext<ExportedEvent & { metadata: unknown }>();
  if (!record) return null;
  return (
    <Stack spacing={1} sx={{ py: 1 }}>
      <Typography variant="subtitle2">Payload</Typography>
      <JsonBlock value={record.payload} label="Payload" />
      {postings ? (
        <>
          <Typography variant="subtitle2">Postings</Typography>
          {record.postings.length ? (
            <JsonBlock value={record.postings} label="Postings" />
          ) : (
            <Typography variant="body2">No postings</Typography>
          )}
        </>
      ) : null}
      <Box sx={{ fontFamily: 'monospace', fontSize: 12 }}>
        <div>event id: {record.event_id}</div>
        <div>hash: {record.hash}</div>
        <div>prev hash: {record.prev_hash}</div>
        <div>
          caused by:{' '}
          {record.causation_id ? (
            <MuiLink component={Link} to={eventsWhere({ causation_id: record.causation_id })}>
              {record.causation_id}
            </MuiLink>
          ) : (
            '—'
          )}{' '}
          · events caused by this one:{' '}
          <MuiLink component={Link} to={eventsWhere({ causation_id: record.event_id })}>
            show
          </MuiLink>
        </div>
        <div>
          correlation:{' '}
          {record.correlation_id ? (
            <MuiLink component={Link} to={eventsWhere({ correlation_id: record.correlation_id })}>
              {record.correlation_id}
            </MuiLink>
          ) : (
            '—'
          )}
        </div>
      </Box>
      <Typography variant="subtitle2">Metadata</Typography>
      <JsonBlock value={record.metadata} label="Metadata" />
    </Stack>
  );
}

const Column = DataTable.Col;

function EventPageLink({ record }: { record: ExportedEvent }) {
  return (
    <MuiLink
      component={Link}
      to={`/events/${record.global_position}/show`}
      onClick={(event) => event.stopPropagation()}
    >
      {record.global_position}
    </MuiLink>
  );
}

export function EventList() {
  return (
    <List
      title="Event log"
      filters={eventFilters}
      actions={<EventActions />}
      sort={{ field: 'global_position', order: 'DESC' }}
      perPage={25}
    >
      <DataTable rowClick="expand" expand={<EventDetails />} bulkActionButtons={false}>
        <Column
          source="global_position"
          label="#"
          render={(record: ExportedEvent) => <EventPageLink record={record} />}
        />
        <Column source="recorded_at" label="Recorded" disableSort>
          <DateField source="recorded_at" showTime />
        </Column>
        <Column source="stream_id" label="Stream" disableSort cellSx={() => breakable} />
        <Column source="stream_version" label="v" disableSort />
        <Column source="type" disableSort />
        <Column source="actor" disableSort>
          <PersonField source="actor" />
        </Column>
        <Column label="Hash" disableSort render={(record: ExportedEvent) => record.hash.slice(0, 12)} />
      </DataTable>
    </List>
  );
}
