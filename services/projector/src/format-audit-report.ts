import type { AuditReport } from './audit-ledger.js';

/** The report as text for a terminal: a headline, then one line per check and one per failure. */
export function formatAuditReport(report: AuditReport): string {
  const failed = report.checks.filter((check) => !check.ok).length;
  const lines = [
    `Ledger audit: ${report.ok ? 'PASS' : `FAIL (${failed} of ${report.checks.length} checks failed)`}`,
    `Log: ${report.events_checked} events up to position ${report.head_position} ` +
      `(${report.money_events} money events, ${report.postings} postings, ${report.accounts} accounts); ` +
      `read models at checkpoint ${report.checkpoint_position}; ${report.duration_ms} ms`,
  ];
  report.checks.forEach((check, index) => {
    lines.push(`${check.ok ? 'PASS' : 'FAIL'}  ${index + 1}. ${check.title}: ${check.summary}`);
    for (const failure of check.failures) lines.push(`        - ${failure}`);
    const untold = check.failure_count - check.failures.length;
    if (untold > 0) lines.push(`        ... and ${untold} more`);
  });
  return lines.join('\n');
}
