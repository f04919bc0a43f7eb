import { z } from 'zod';
import { ZAnalyticsPeriod } from '../analytics-api.js';

/** GET /admin/users/{id}/statement: which report, for which period. */
export const ZStatementQuery = z.object({
  report: z.enum(['statement', 'tax_summary', 'report', 'invoices']).default('statement'),
  period: ZAnalyticsPeriod.default('30d'),
});

/** A person's report as staff read it, with signed links to the files the person downloads. */
export const ZStaffStatement = z.object({
  user_id: z.string(),
  report: ZStatementQuery.shape.report.unwrap(),
  title: z.string(),
  prepared_for: z.string(),
  period: z.string(),
  /** The period as dates, [start, end). */
  start: z.string(),
  end: z.string(),
  summary: z.array(z.object({ label: z.string(), value: z.string() })),
  rows: z.array(
    z.object({ date: z.string(), description: z.string(), status: z.string(), amount_credits: z.number() }),
  ),
  total_label: z.string(),
  /** The sum of the rows that count (settled movements, paid invoices), as the PDF prints it. */
  total_credits: z.number(),
  /** The same report as the person downloads it, by signed links that expire. */
  pdf_url: z.string(),
  csv_url: z.string(),
  links_expire_at: z.string(),
});
