import type { TAnalyticsPeriod } from '@evalmarket/contracts';
import { useCallback, useEffect, useState } from 'react';
import {
  getEarningsAnalytics,
  getEarningsSummary,
  getSpendingAnalytics,
  getSpendingSummary,
} from '../../api/analytics';
import type {
  EarningsAnalytics,
  EarningsSummary,
  Kind,
  SpendingAnalytics,
  SpendingSummary,
} from './analytics-types';

/**
 * The figures of one analytics page for a period and project (empty: all), reloaded when either
 * changes. The summary loads alongside; its failure only flags `detailError`. The project list
 * is taken from an unfiltered load, so picking a project keeps the others in the list.
 */
export function useAnalyticsData(kind: Kind, period: TAnalyticsPeriod, project: string) {
  const [data, setData] = useState<SpendingAnalytics | EarningsAnalytics>();
  const [summary, setSummary] = useState<SpendingSummary | EarningsSummary>();
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>();
  const [detailError, setDetailError] = useState(false);
  const [projects, setProjects] = useState<Array<{ id: string; name: string }>>([]);

  const load = useCallback(async () => {
    setLoading(true);
    setError(undefined);
    const [main, detail] = await Promise.allSettled<
      [Promise<SpendingAnalytics | EarningsAnalytics>, Promise<SpendingSummary | EarningsSummary>]
    >(
      kind === 'spending'
        ? [
            getSpendingAnalytics({ period, ...(project ? { project_id: project } : {}) }),
            getSpendingSummary(),
          ]
        : [
            getEarningsAnalytics({ period, ...(project ? { evaluation_id: project } : {}) }),
            getEarningsSummary(),
          ],
    );
    if (main.status === 'fulfilled') {
      setData(main.value);
      const breakdown =
        'project_breakdown' in main.value ? main.value.project_breakdown : main.value.evaluation_breakdown;
      if (!project) setProjects(breakdown.map((row) => ({ id: row.project_id, name: row.project_name })));
    } else setError(main.reason);
    if (detail.status === 'fulfilled') {
      setSummary(detail.value);
      setDetailError(false);
    } else setDetailError(true);
    setLoading(false);
  }, [kind, period, project]);

  useEffect(() => {
    // Not useLoad: the page words the raw failure, and the summary keeps its last value and error flag.
    void load();
  }, [load]);

  return { data, summary, loading, error, detailError, projects, load };
}
