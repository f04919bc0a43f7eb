/**
 * SQL condition: the event whose payload is `data` has a posting debiting or crediting the
 * account bound at `placeholder`. Written as JSON containment so that the index
 * events_postings_idx (migration 020) answers it for the events table.
 */
export function hasPostingOn(data: string, placeholder: string): string {
  const account = `${placeholder}::text`;
  return `(${data}->'postings' @> jsonb_build_array(jsonb_build_object('debit', ${account}))
      OR ${data}->'postings' @> jsonb_build_array(jsonb_build_object('credit', ${account})))`;
}
