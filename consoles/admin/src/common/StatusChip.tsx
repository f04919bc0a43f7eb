import { Chip } from '@mui/material';
import { useRecordContext } from 'react-admin';

type Colour = 'warning' | 'success' | 'error' | 'default' | 'info';

/** Spec 001 section 4: pending yellow, verified green, rejected red, not_applied grey. */
const COLOURS: Record<string, Colour> = {
  pending: 'warning',
  verified: 'success',
  rejected: 'error',
  not_applied: 'default',
  completed: 'success',
  paid: 'success',
  failed: 'error',
  reversed: 'error',
  // Health of the books and the projections on the Finance page.
  ok: 'success',
  running: 'success',
  stopped: 'error',
};

export function StatusChip({ status }: { status: string | null | undefined }) {
  if (!status) return null;
  // MUI's warning palette is orange; the spec's pending badge is yellow.
  const yellow = status === 'pending' ? { bgcolor: '#fdd835', color: 'rgba(0, 0, 0, 0.87)' } : undefined;
  return <Chip size="small" label={status} color={COLOURS[status] ?? 'default'} sx={yellow} />;
}

/** A status chip for a field of the current record. */
export function StatusField({ source }: { source: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  return <StatusChip status={record?.[source] as string | undefined} />;
}
