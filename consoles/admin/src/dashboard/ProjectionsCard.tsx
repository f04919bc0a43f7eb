import type { TProjectionStatus } from '@evalmarket/contracts';
import {
  Alert,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from '@mui/material';
import { StatusChip } from '../common/StatusChip';

/**
 * The read models' health: each projection's position and lag, and for one that stopped at an
 * event it cannot apply, which event and why (as on /readyz), with the repair path.
 */
export function ProjectionsCard({ projections }: { projections: TProjectionStatus[] }) {
  const stuck = projections.filter((status) => status.stuck);
  return (
    <Card>
      <CardHeader
        title="Projections"
        subheader="Read models built from the event log"
        action={
          <Chip
            color={stuck.length > 0 ? 'error' : 'success'}
            label={stuck.length > 0 ? `${stuck.length} stopped` : 'All running'}
          />
        }
      />
      <CardContent>
        {stuck.map(({ projection, position, lag, stuck: why }) => (
          <Alert key={projection} severity="error" sx={{ mb: 1 }}>
            Projection {projection} is stopped at position {position}: event {why!.failed_position}
            {why!.event_type ? ` (${why!.event_type})` : ''} fails: {why!.error}. {lag} events behind, since{' '}
            {new Date(why!.since).toLocaleString()}. Requests that need it answer 503 until the fix is
            deployed (it resumes on its own then) or the read models are rebuilt.
          </Alert>
        ))}
        <Table size="small" aria-label="Projections">
          <TableHead>
            <TableRow>
              <TableCell>Projection</TableCell>
              <TableCell>Status</TableCell>
              <TableCell align="right">Position</TableCell>
              <TableCell align="right">Behind the log</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {projections.map((status) => (
              <TableRow key={status.projection}>
                <TableCell>{status.projection}</TableCell>
                <TableCell>
                  <StatusChip status={status.stuck ? 'stopped' : 'running'} />
                </TableCell>
                <TableCell align="right">{status.position}</TableCell>
                <TableCell align="right">{status.lag}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
