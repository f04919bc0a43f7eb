import type { StatementReport } from '../providers/dataProvider';

/**
 * The report the panel opens on: the earnings statement for someone who has applied to evaluate
 * (verified, pending or rejected), the spending report for a requester, whose earnings
 * statement would be empty.
 */
export function defaultReport(person: { evaluator_status?: string | null }): StatementReport {
  return !person.evaluator_status || person.evaluator_status === 'not_applied' ? 'report' : 'statement';
}
