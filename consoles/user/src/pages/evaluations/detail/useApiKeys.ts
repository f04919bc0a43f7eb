import { useState } from 'react';
import type { ApiError } from '../../../api/client';
import { createApiKey, listApiKeys, revokeApiKey } from '../../../api/evaluation-access';
import { useLoad } from '../../../api/useLoad';
import { useToasts } from '../../../ui/Toasts';
import type { TApiKey, TCreatedApiKey } from '../types';

/**
 * The owner's API keys: the list, the name for the next key, the key
 * just created (its secret is shown once), and creating and revoking.
 */
export function useApiKeys(evaluationId: string, onKeysChange: () => void) {
  const toasts = useToasts();
  const {
    data: keys,
    error: loadError,
    setData: setKeys,
  } = useLoad((signal) => listApiKeys(evaluationId, signal), [evaluationId], {
    failure: (failure) => failure.message,
  });
  const [name, setName] = useState('default');
  const [created, setCreated] = useState<TCreatedApiKey>();
  const [busy, setBusy] = useState(false);

  async function create() {
    setBusy(true);
    try {
      const key = await createApiKey(evaluationId, name.trim() || 'default');
      setCreated(key);
      const { api_key: _secret, project_id: _project, ...listed } = key;
      setKeys((current) => [listed, ...(current ?? [])]);
      onKeysChange();
    } catch (error) {
      toasts.error(`Failed to create API key: ${(error as ApiError).message}`);
    } finally {
      setBusy(false);
    }
  }

  async function revoke(key: TApiKey) {
    if (!window.confirm(`Revoke the API key "${key.name}"? Apps using it will stop sending items.`)) return;
    try {
      await revokeApiKey(evaluationId, key.key_id);
      setKeys((current) =>
        current?.map((item) =>
          item.key_id === key.key_id ? { ...item, revoked_at: new Date().toISOString() } : item,
        ),
      );
      if (created?.key_id === key.key_id) setCreated(undefined);
      toasts.success('API key revoked');
    } catch (error) {
      toasts.error(`Failed to revoke API key: ${(error as ApiError).message}`);
    }
  }

  return {
    keys,
    loadError,
    name,
    setName,
    created,
    dismissCreated: () => setCreated(undefined),
    busy,
    create,
    revoke,
  };
}
