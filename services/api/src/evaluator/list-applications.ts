import type { TApplicationData, TEvaluatorApplicationItem } from '@evalmarket/contracts';
import type { SqlExecutor } from '@evalmarket/db';

interface ApplicationRow {
  user_id: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  evaluator_status: TEvaluatorApplicationItem['evaluator_status'];
  qualification_tier: TEvaluatorApplicationItem['qualification_tier'];
  application_method: string;
  application_data: Record<string, unknown> | null;
  applied_at: Date | string;
  reviewed_at: Date | string | null;
  reviewed_by: string | null;
  rejection_reason: string | null;
  expert_tier_interest_expressed: boolean;
}

export const APPLICATION_COLUMNS = `a.user_id, u.email, u.first_name, u.last_name, a.evaluator_status,
  a.qualification_tier, a.application_method, a.application_data, a.applied_at, a.reviewed_at,
  a.reviewed_by, a.rejection_reason, a.expert_tier_interest_expressed`;
export const APPLICATION_FROM = 'evaluator_applications a LEFT JOIN users u ON u.id = a.user_id';

/** Sortable fields of the staff list and the SQL behind each. */
export const APPLICATION_SORT_FIELDS: Record<string, string> = {
  id: 'a.user_id',
  user_id: 'a.user_id',
  applied_at: 'a.applied_at',
  reviewed_at: 'a.reviewed_at',
  evaluator_status: 'a.evaluator_status',
  email: 'u.email',
};

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export function toApplicationItem(row: ApplicationRow): TEvaluatorApplicationItem {
  const fullName = [row.first_name, row.last_name].filter((part) => part && part.trim()).join(' ') || null;
  const data = row.application_data;
  let application_data: TApplicationData | null = null;
  if (data) {
    const linkedin = data.linkedin_oauth as { linkedin_id?: unknown; profile_url?: unknown } | undefined;
    application_data = {
      imported_name: text(data.imported_name),
      imported_email: text(data.imported_email),
      method: text(data.method) ?? row.application_method,
      linkedin_oauth:
        linkedin && typeof linkedin.linkedin_id === 'string'
          ? { linkedin_id: linkedin.linkedin_id, profile_url: text(linkedin.profile_url) }
          : null,
      linkedin_url: text(data.linkedin_url),
      indeed_url: text(data.indeed_url),
      cv_url: text(data.cv_url),
    };
  }
  return {
    id: row.user_id,
    user_id: row.user_id,
    email: row.email,
    full_name: fullName,
    evaluator_status: row.evaluator_status,
    qualification_tier: row.qualification_tier,
    application_method: row.application_method,
    applied_at: iso(row.applied_at)!,
    reviewed_at: iso(row.reviewed_at),
    reviewed_by: row.reviewed_by,
    rejection_reason: row.rejection_reason,
    reputation_score: null,
    expert_tier_interest_expressed: row.expert_tier_interest_expressed,
    application_data,
  };
}

export async function getApplication(
  sql: SqlExecutor,
  userId: string,
): Promise<TEvaluatorApplicationItem | undefined> {
  const { rows } = await sql.query<ApplicationRow & Record<string, unknown>>(
    `SELECT ${APPLICATION_COLUMNS} FROM ${APPLICATION_FROM} WHERE a.user_id = $1`,
    [userId],
  );
  return rows[0] ? toApplicationItem(rows[0]) : undefined;
}

/** Newest first, one status or all. */
export async function listApplications(
  sql: SqlExecutor,
  options: { status: 'pending' | 'verified' | 'rejected' | 'all'; limit: number },
): Promise<{ applications: TEvaluatorApplicationItem[]; total: number }> {
  const where = options.status === 'all' ? '' : 'WHERE a.evaluator_status = $1';
  const params = options.status === 'all' ? [] : [options.status];
  const { rows } = await sql.query<ApplicationRow & Record<string, unknown>>(
    `SELECT ${APPLICATION_COLUMNS} FROM ${APPLICATION_FROM} ${where}
     ORDER BY a.applied_at DESC, a.user_id LIMIT ${Math.trunc(options.limit)}`,
    params,
  );
  const count = await sql.query<{ total: number | string }>(
    `SELECT count(*) AS total FROM evaluator_applications a ${where}`,
    params,
  );
  return { applications: rows.map(toApplicationItem), total: Number(count.rows[0]?.total ?? 0) };
}

export type { ApplicationRow };
