/** Evaluation status colours: active green, completed blue, archived grey, anything else yellow. */
export function statusBadgeClass(status: string): string {
  switch (status) {
    case 'active':
      return 'badge badge-green';
    case 'completed':
      return 'badge badge-blue';
    case 'archived':
      return 'badge badge-grey';
    default:
      return 'badge badge-yellow';
  }
}

export function StatusBadge({ status }: { status: string }) {
  return <span className={statusBadgeClass(status)}>{status}</span>;
}
