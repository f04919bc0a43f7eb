import type { TAnalyticsPeriod } from '@evalmarket/contracts';
import type { Kind } from './analytics-types';

export const PERIODS: Array<{ value: TAnalyticsPeriod; label: string }> = [
  { value: '7d', label: 'Last 7 Days' },
  { value: '30d', label: 'Last 30 Days' },
  { value: '90d', label: 'Last 90 Days' },
  { value: '1y', label: 'Last Year' },
  { value: 'all', label: 'All Time' },
];

/** The time period and project (spending) or evaluation (earnings) the page is filtered by. */
export function AnalyticsFilters({
  kind,
  period,
  onPeriod,
  project,
  onProject,
  projects,
}: {
  kind: Kind;
  period: TAnalyticsPeriod;
  onPeriod: (period: TAnalyticsPeriod) => void;
  project: string;
  onProject: (project: string) => void;
  projects: Array<{ id: string; name: string }>;
}) {
  return (
    <div className="analytics-filters">
      <label>
        Time Period
        <select value={period} onChange={(event) => onPeriod(event.target.value as TAnalyticsPeriod)}>
          {PERIODS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <label>
        {kind === 'spending' ? 'Filter by Project' : 'Filter by Evaluation'}
        <select value={project} onChange={(event) => onProject(event.target.value)}>
          <option value="">{kind === 'spending' ? 'All Projects' : 'All Evaluations'}</option>
          {projects.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
