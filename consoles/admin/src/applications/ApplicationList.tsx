import type { TEvaluatorApplicationItem } from '@evalmarket/contracts';
import { Box, Button, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { DataTable, DateField, List, useListContext, useNotify, useRecordContext } from 'react-admin';
import { StatusField } from '../common/StatusChip';
import { FAILED_TO_FETCH_APPLICATIONS } from '../common/messages';
import { ApplicationDetails } from './ApplicationDetails';
import { applicantName, formatReputation } from './ApplicationFacts';
import { APPLICATION_TABS, applicationFilters } from './filters';

function StatusTabs() {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const current = (filterValues.evaluator_status as string | undefined) ?? 'all';
  return (
    <Tabs
      value={current}
      onChange={(_, value: string) =>
        setFilters({ ...filterValues, evaluator_status: value }, displayedFilters)
      }
      aria-label="Application status"
    >
      {APPLICATION_TABS.map((tab) => (
        <Tab key={tab.id} value={tab.id} label={tab.name} />
      ))}
    </Tabs>
  );
}

function ApplicantField() {
  const record = useRecordContext<TEvaluatorApplicationItem>();
  if (!record) return null;
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {applicantName(record)}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {record.email}
      </Typography>
    </Box>
  );
}

function ReputationField() {
  const record = useRecordContext<TEvaluatorApplicationItem>();
  return <>{record ? formatReputation(record.reputation_score) : null}</>;
}

function ViewDetailsButton({ onOpen }: { onOpen: (record: TEvaluatorApplicationItem) => void }) {
  const record = useRecordContext<TEvaluatorApplicationItem>();
  if (!record) return null;
  return (
    <Button size="small" onClick={() => onOpen(record)}>
      View Details
    </Button>
  );
}

const Column = DataTable.Col;

/** Spec 001 section 2.12: tabs pending (default), verified, rejected, all; details in a modal. */
export function ApplicationList() {
  const notify = useNotify();
  const [open, setOpen] = useState<TEvaluatorApplicationItem | null>(null);
  return (
    <>
      <List
        title="Evaluator applications"
        filters={applicationFilters}
        filterDefaultValues={{ evaluator_status: 'pending' }}
        sort={{ field: 'applied_at', order: 'DESC' }}
        perPage={50}
        queryOptions={{ onError: () => notify(FAILED_TO_FETCH_APPLICATIONS, { type: 'error' }) }}
        exporter={false}
      >
        <StatusTabs />
        <DataTable rowClick={false} bulkActionButtons={false}>
          <Column label="Applicant" source="email">
            <ApplicantField />
          </Column>
          <Column label="Status" source="evaluator_status">
            <StatusField source="evaluator_status" />
          </Column>
          <Column label="Applied" source="applied_at">
            <DateField source="applied_at" />
          </Column>
          <Column label="Reputation" disableSort>
            <ReputationField />
          </Column>
          <Column label="" disableSort>
            <ViewDetailsButton onOpen={setOpen} />
          </Column>
        </DataTable>
      </List>
      {open && <ApplicationDetails record={open} onClose={() => setOpen(null)} />}
    </>
  );
}
