import type { TEvaluationConfig } from '@evalmarket/contracts';
import { useState } from 'react';
import type { ApiError } from '../../../../api/client';
import { getEvaluationConfig, saveEvaluationConfig, validateAppUrl } from '../../../../api/evaluation-config';
import { useLoad } from '../../../../api/useLoad';
import { useToasts } from '../../../../ui/Toasts';
import type { UrlState } from './AppSections';
import { DEFAULT_CONFIG, loadErrorMessage, saveErrorMessage } from './config-rules';

/** The saved configuration (or the defaults when none is saved), or why there is none to edit yet. */
type LoadedConfig = { config?: TEvaluationConfig; langfuseNotice?: string };

/**
 * The configuration being edited: loaded again when `reloadKey` changes or Retry is pressed (none
 * saved yet starts from the defaults; a missing Langfuse connection is a notice, not an error),
 * and saved with the budget's limits left out while the budget is off.
 */
export function useEvaluationConfig(evaluationId: string, reloadKey: number, onSaved?: () => void) {
  const toasts = useToasts();
  // A failed load shows no form: defaults saved over the real settings would lose them.
  const loaded = useLoad<LoadedConfig>(
    (signal) =>
      getEvaluationConfig(evaluationId, signal).then(
        (reply) => ({ config: reply.data }),
        (error: ApiError) => {
          if (error.status === 404) return { config: { ...DEFAULT_CONFIG } };
          if (error.status === 400 && /langfuse/i.test(error.message))
            return { langfuseNotice: error.message };
          throw error;
        },
      ),
    [evaluationId, reloadKey],
    { failure: loadErrorMessage, clearOnChange: true },
  );
  const { retry, error: loadError, setData } = loaded;
  const config = loaded.data?.config;
  const setConfig = (next: TEvaluationConfig) => setData({ config: next });
  const [saving, setSaving] = useState(false);

  const update = (next: Partial<TEvaluationConfig>) =>
    setData((current) => ({ config: { ...current!.config!, ...next } }));

  /** Saves the shown configuration once `beforeSave` (the URL check) has run. */
  async function save(beforeSave: () => Promise<unknown>) {
    if (!config) return;
    setSaving(true);
    await beforeSave();
    try {
      const { current_credit_balance: _balance, ...body } = config;
      const budget = config.budget_control;
      const payload: TEvaluationConfig = {
        ...body,
        budget_control: budget.budget_enabled
          ? budget
          : { budget_enabled: false, budget_period: budget.budget_period },
      };
      const reply = await saveEvaluationConfig(evaluationId, payload);
      setConfig(reply.data);
      toasts.success('Configuration saved successfully! Your settings are now active.');
      onSaved?.();
    } catch (error) {
      toasts.error(saveErrorMessage(error as ApiError));
    } finally {
      setSaving(false);
    }
  }

  return { config, update, langfuseNotice: loaded.data?.langfuseNotice, loadError, retry, saving, save };
}

/** The app URL's reachability, checked by the server; says why it failed (and a toast unless quiet). */
export function useAppUrlCheck(evaluationId: string) {
  const toasts = useToasts();
  const [urlState, setUrlState] = useState<UrlState>('untested');
  const [urlProblem, setUrlProblem] = useState<string>();

  async function testUrl(rawUrl: string, quiet = false): Promise<boolean> {
    const url = rawUrl.trim();
    if (!url) return false;
    setUrlState('testing');
    setUrlProblem(undefined);
    try {
      const reply = await validateAppUrl(evaluationId, url);
      setUrlState(reply.data.accessible ? 'accessible' : 'not_accessible');
      if (!reply.data.accessible) {
        setUrlProblem(reply.data.error_message ?? 'The app did not answer');
        if (reply.data.error_message && !quiet)
          toasts.error(`URL validation failed: ${reply.data.error_message}`);
      }
      return reply.data.accessible;
    } catch (error) {
      setUrlState('not_accessible');
      const apiError = error as ApiError;
      const message = apiError.message.startsWith('Network error while')
        ? 'Network error: Unable to validate URL. Please check your connection.'
        : 'Failed to validate URL. Please try again.';
      setUrlProblem(message);
      if (!quiet) toasts.error(message);
      return false;
    }
  }

  return { urlState, urlProblem, markUntested: () => setUrlState('untested'), testUrl };
}
