import { MESSAGES } from '@evalmarket/contracts';
import { useState } from 'react';
import type { ApiError } from '../../../api/client';
import {
  getLangfuseConnection,
  removeLangfuseConnection,
  saveLangfuseConnection,
  testLangfuseConnection,
} from '../../../api/evaluation-access';
import { useLoad } from '../../../api/useLoad';
import { useToasts } from '../../../ui/Toasts';
import type { TLangfuseConnection } from '../types';

const DEFAULT_HOST = 'https://cloud.langfuse.com';

export interface LangfuseProject {
  id: string;
  name: string;
}

/** The saved connection: undefined while loading, null when there is none (or it failed to load). */
function useSavedConnection(evaluationId: string) {
  const toasts = useToasts();
  const { data: connection, setData: setConnection } = useLoad<TLangfuseConnection | null>(
    (signal) =>
      getLangfuseConnection(evaluationId, signal).catch((error: ApiError) => {
        // None saved (404) and a failed read both offer the connect form; only the failure is told.
        if (error.status !== 404 && !signal.aborted) toasts.error('Failed to load connection settings');
        return null;
      }),
    [evaluationId, toasts],
    { failure: 'Failed to load connection settings' },
  );
  return [connection, setConnection] as const;
}

/** The connect/edit form's fields and the projects a successful test offers. */
function useLangfuseDraft() {
  const [publicKey, setPublicKey] = useState('');
  const [secretKey, setSecretKey] = useState('');
  const [showSecret, setShowSecret] = useState(false);
  const [host, setHost] = useState(DEFAULT_HOST);
  const [projects, setProjects] = useState<LangfuseProject[]>();
  const [projectId, setProjectId] = useState('');

  return {
    publicKey,
    setPublicKey,
    secretKey,
    setSecretKey,
    showSecret,
    toggleSecret: () => setShowSecret((shown) => !shown),
    host,
    setHost,
    projects,
    setProjects,
    projectId,
    setProjectId,
    complete: () => Boolean(publicKey.trim() && secretKey.trim() && host.trim()),
    credentials: () => ({
      langfuse_public_key: publicKey.trim(),
      langfuse_secret_key: secretKey.trim(),
      langfuse_host: host.trim(),
    }),
    /** Editing starts from the saved connection, with the secret to be typed again and tested. */
    startFrom(connection: TLangfuseConnection | null | undefined) {
      if (connection) {
        setPublicKey(connection.langfuse_public_key);
        setHost(connection.langfuse_host);
        setProjectId(connection.langfuse_project_id);
      }
      setSecretKey('');
      setProjects(undefined);
    },
    clear() {
      setPublicKey('');
      setSecretKey('');
      setHost(DEFAULT_HOST);
    },
  };
}

export type LangfuseDraft = ReturnType<typeof useLangfuseDraft>;

/**
 * The Langfuse panel's state: the saved connection (undefined while loading, null when none),
 * the draft being edited, and the test, save and disconnect calls with their toasts.
 */
export function useLangfuseConnection(evaluationId: string, onChange: () => void) {
  const toasts = useToasts();
  const [connection, setConnection] = useSavedConnection(evaluationId);
  const [editing, setEditing] = useState(false);
  const draft = useLangfuseDraft();
  const [busy, setBusy] = useState<'test' | 'save' | 'delete'>();

  function startEdit() {
    draft.startFrom(connection);
    setEditing(true);
  }

  async function test() {
    if (!draft.complete()) {
      toasts.error(MESSAGES.langfuseFieldsRequired);
      return;
    }
    setBusy('test');
    try {
      const reply = await testLangfuseConnection(evaluationId, draft.credentials());
      draft.setProjects(reply.projects);
      if (reply.projects.length === 1) draft.setProjectId(reply.projects[0]!.id);
      toasts.success('Connection successful! Select a project below.');
    } catch (error) {
      draft.setProjects(undefined);
      toasts.error((error as ApiError).message || MESSAGES.connectionTestFailed);
    } finally {
      setBusy(undefined);
    }
  }

  async function save() {
    const project = draft.projects?.find((candidate) => candidate.id === draft.projectId);
    if (!project) {
      toasts.error(MESSAGES.langfuseProjectRequired);
      return;
    }
    setBusy('save');
    try {
      const body = {
        ...draft.credentials(),
        langfuse_project_id: project.id,
        langfuse_project_name: project.name,
      };
      const saved = await saveLangfuseConnection(evaluationId, body, Boolean(connection));
      setConnection(saved);
      setEditing(false);
      draft.setSecretKey('');
      draft.setProjects(undefined);
      toasts.success('Langfuse connection saved successfully!');
      onChange();
    } catch (error) {
      toasts.error(`Failed to save connection: ${(error as ApiError).message}`);
    } finally {
      setBusy(undefined);
    }
  }

  async function remove() {
    if (
      !window.confirm('Are you sure you want to disconnect from Langfuse? This will remove the integration.')
    )
      return;
    setBusy('delete');
    try {
      await removeLangfuseConnection(evaluationId);
      setConnection(null);
      setEditing(false);
      draft.clear();
      toasts.success('Langfuse connection removed successfully');
      onChange();
    } catch (error) {
      toasts.error(`Failed to delete connection: ${(error as ApiError).message}`);
    } finally {
      setBusy(undefined);
    }
  }

  return { connection, editing, setEditing, busy, draft, startEdit, test, save, remove };
}
