import type { TEvaluatorApplicationItem } from '@evalmarket/contracts';
import { Link, Table, TableBody, TableCell, TableRow } from '@mui/material';
import type { ReactNode } from 'react';
import { StatusChip } from '../common/StatusChip';
import { CvButton } from './CvButton';

export function applicantName(record: TEvaluatorApplicationItem): string {
  return record.application_data?.imported_name || record.full_name || record.email || record.user_id;
}

export function formatReputation(score: number | null): string {
  return score === null ? '—' : score.toFixed(1);
}

function linkTo(url: string | null | undefined): ReactNode {
  return url ? (
    <Link href={url} target="_blank" rel="noreferrer">
      {url}
    </Link>
  ) : (
    '—'
  );
}

/** What the applicant sent and where the review stands, one labelled row each. */
export function ApplicationFacts({ record }: { record: TEvaluatorApplicationItem }) {
  const data = record.application_data;
  const rows: Array<[string, ReactNode]> = [
    ['Name', applicantName(record)],
    ['Email', record.email ?? '—'],
    ['LinkedIn email', data?.imported_email ?? '—'],
    ['LinkedIn member id', data?.linkedin_oauth?.linkedin_id ?? '—'],
    ['Status', <StatusChip key="status" status={record.evaluator_status} />],
    ['Application method', data?.method ?? record.application_method],
    ['LinkedIn profile URL', linkTo(data?.linkedin_oauth?.profile_url)],
    ['LinkedIn URL', linkTo(data?.linkedin_url)],
    ['Indeed URL', linkTo(data?.indeed_url)],
    ['CV', data?.cv_url ? <CvButton key="cv" cvUrl={data.cv_url} applicant={applicantName(record)} /> : '—'],
    ['Reputation', formatReputation(record.reputation_score)],
    ['Applied', new Date(record.applied_at).toLocaleString()],
  ];
  if (record.qualification_tier) rows.push(['Qualification tier', record.qualification_tier]);
  if (record.reviewed_at) rows.push(['Reviewed', new Date(record.reviewed_at).toLocaleString()]);
  if (record.rejection_reason) rows.push(['Rejection reason', record.rejection_reason]);

  return (
    <Table size="small">
      <TableBody>
        {rows.map(([label, value]) => (
          <TableRow key={label}>
            <TableCell component="th" sx={{ fontWeight: 600, width: 200 }}>
              {label}
            </TableCell>
            <TableCell>{value}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
